#!/bin/sh
# A run stopped early writes a complete checkpoint, exits with status 75 on every rank, and the
# run continued from that checkpoint equals the run that never stopped, bit for bit.
#
#   stop_and_continue.sh signal|walltime ALFVEN COMPARE_RUNS DIR MPIEXEC NP_FLAG [MPIEXEC_FLAGS...]
#
# signal:   2 ranks; once the run has logged a few rows, SIGTERM goes to one of its ranks (as a
#           batch system sends it before the kill); the other rank learns of it after the step.
# walltime: 1 rank with --walltime 00:00:03; the run must stop before the limit (it says after
#           how many seconds) and is continued on 2 ranks.
# Then: continue to 40 steps past the checkpoint (io.continue: true), run the same 2-rank run
# straight to that step, compare the two final snapshots.
set -u
mode=$1 alfven=$2 compare=$3 dir=$4 mpiexec=$5 np=$6
shift 6
flags="$*"
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$dir" && mkdir -p "$dir" || fail "cannot make $dir"
run="--set grid.i_size=64 --set grid.j_size=64 --set time.tend=1000 --set time.dt_output=0.25 -q"

# The alfven processes under process $1 (mpiexec starts them directly or through a proxy).
ranks_of() {
  for child in $(pgrep -P "$1"); do
    case "$(cat /proc/"$child"/comm 2>/dev/null)" in
      alfven) echo "$child" ;;
      *) ranks_of "$child" ;;
    esac
  done
}

if [ "$mode" = signal ]; then
  $mpiexec $np 2 $flags "$alfven" run $run --set time.max_steps=1000000 -o "$dir/stopped" > "$dir/stopped.log" 2>&1 &
  launcher=$!
  waited=0
  while [ "$(wc -l < "$dir/stopped/log.csv" 2>/dev/null || echo 0)" -lt 4 ]; do
    sleep 0.2
    waited=$((waited + 1))
    [ $waited -lt 1500 ] || { kill "$launcher"; fail "the run logged nothing in 300 s"; }
  done
  target=$(ranks_of "$launcher" | head -n 1)
  [ -n "$target" ] || { kill "$launcher"; fail "no rank of the run found under process $launcher"; }
  kill -TERM "$target"
  wait "$launcher"
  status=$?
else
  "$alfven" run $run --set time.max_steps=1000000 --walltime 00:00:03 -o "$dir/stopped" > "$dir/stopped.log" 2>&1
  status=$?
fi
cat "$dir/stopped.log"
[ "$status" -eq 75 ] || fail "exit status $status, expected 75"
if [ "$mode" = signal ]; then
  grep -q "stopped by a signal" "$dir/stopped.log" || fail "the run does not say it was stopped by the signal"
else
  line=$(grep "stopped before the wall-time limit" "$dir/stopped.log") || fail "the run does not say it stopped for the wall time"
  echo "$line" | awk '{ for (i = 1; i < NF; ++i) if ($i == "after") { if ($(i + 1) + 0 >= 3) exit 1; exit 0 } exit 1 }' ||
    fail "it did not stop before the 3 s limit: $line"
fi
checkpoint=$(tail -n 1 "$dir/stopped/checkpoints.txt" | cut -d ' ' -f 1)
step=$(tail -n 1 "$dir/stopped/checkpoints.txt" | cut -d ' ' -f 3)
[ -n "$checkpoint" ] && [ -n "$step" ] || fail "no checkpoint listed in checkpoints.txt"
"$compare" "$dir/stopped" "$dir/stopped" "$checkpoint" > /dev/null || fail "$checkpoint does not read (checksums)"
end=$((step + 40))
$mpiexec $np 2 $flags "$alfven" run $run --set time.max_steps=$end --set io.continue=true -o "$dir/stopped" ||
  fail "the continued run failed"
$mpiexec $np 2 $flags "$alfven" run $run --set time.max_steps=$end -o "$dir/straight" || fail "the straight run failed"
"$compare" "$dir/straight" "$dir/stopped" || fail "the continued run differs from the straight one"
echo "stopped at step $step ($checkpoint), continued to step $end: bitwise equal to the straight run"
