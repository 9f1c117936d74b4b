#!/bin/sh
# A signal sent to Open MPI's mpirun itself (docs/output.md, "Cluster runs"): SIGUSR1 is
# forwarded to every rank, the run writes its checkpoint and mpirun exits with the ranks' status,
# 75; SIGTERM makes mpirun end the job itself, with another status (1), which is why the docs
# tell mpirun users to send SIGUSR1.
#
#   signal_to_the_launcher.sh ALFVEN DIR MPIEXEC NP_FLAG [MPIEXEC_FLAGS...]
set -u
alfven=$1 dir=$2 mpiexec=$3 np=$4
shift 4
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$dir" && mkdir -p "$dir" || fail "cannot make $dir"

# Starts a 2-rank run into $dir/$signal (mpiexec flags "$@"), sends it signal $signal once it has
# logged two rows; sets status. The run ends by itself after 20,000 steps (a launcher that does
# not pass the signal on gives the run's 0, not a hang).
run_and_signal() {
  $mpiexec $np 2 "$@" "$alfven" run --backend host --set grid.i_size=64 --set grid.j_size=64 \
    --set time.tend=1000 --set time.max_steps=20000 -q -o "$dir/$signal" > "$dir/$signal.log" 2>&1 &
  launcher=$!
  waited=0
  while [ "$(cat "$dir/$signal/log.csv" 2>/dev/null | wc -l)" -lt 3 ]; do
    sleep 0.2
    waited=$((waited + 1))
    [ $waited -lt 1500 ] || { kill "$launcher"; fail "the run logged nothing in 300 s"; }
  done
  kill -"$signal" "$launcher"
  wait "$launcher"
  status=$?
  cat "$dir/$signal.log"
}

signal=USR1
run_and_signal "$@"
[ "$status" -eq 75 ] || fail "SIGUSR1 to mpirun: exit status $status, expected 75"
grep -q "stopped by a signal" "$dir/USR1.log" || fail "SIGUSR1 to mpirun did not reach the run"
[ -s "$dir/USR1/checkpoints.txt" ] || fail "SIGUSR1 to mpirun: no checkpoint listed"
signal=TERM
run_and_signal "$@"
[ "$status" -ne 75 ] || fail "SIGTERM to mpirun gave 75: docs/output.md says it does not"
echo "SIGUSR1 to mpirun: status 75 with a checkpoint; SIGTERM to mpirun: status $status"
