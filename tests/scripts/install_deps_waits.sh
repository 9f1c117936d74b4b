#!/bin/sh
# scripts/install-deps waits while another apt holds its locks, rather than failing at once. On
# PATH, fakes: dpkg-query (every package missing), id (root), sleep (no wait) and apt-get, which
# fails twice on update as apt does while another process holds the package lists lock, and
# fails on install unless told to wait for the dpkg lock (DPkg::Lock::Timeout).
#
#   install_deps_waits.sh SOURCE_DIR DIR
set -u
source_dir=$1 dir=$2
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$dir" && mkdir -p "$dir/bin" || fail "cannot make $dir"
log=$dir/apt-get.log
printf '#!/bin/sh\nexit 1\n' > "$dir/bin/dpkg-query"
printf '#!/bin/sh\necho 0\n' > "$dir/bin/id"
printf '#!/bin/sh\nexit 0\n' > "$dir/bin/sleep"
cat > "$dir/bin/apt-get" <<FAKE
#!/bin/sh
echo "\$*" >> "$log"
case " \$* " in
  *" update "*)
    if [ "\$(grep -c ' update' "$log")" -le 2 ]; then
      echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 4242 (apt-get)" >&2
      echo "E: Unable to lock directory /var/lib/apt/lists/" >&2
      exit 100
    fi ;;
  *" install "*)
    case " \$* " in
      *" DPkg::Lock::Timeout="*) ;;
      *) echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt-get)" >&2
         exit 100 ;;
    esac ;;
esac
exit 0
FAKE
chmod +x "$dir/bin/"*
PATH="$dir/bin:$PATH" bash "$source_dir/scripts/install-deps" > "$dir/out.txt" 2>&1
status=$?
cat "$dir/out.txt"
echo "apt-get was called with:"
cat "$log"
[ "$status" -eq 0 ] || fail "install-deps exited with status $status"
[ "$(grep -c ' update' "$log")" -eq 3 ] || fail "apt-get update was not tried until the lock was free"
grep -q "waiting up to 600 s" "$dir/out.txt" || fail "install-deps does not say that it waits"
grep -q "DPkg::Lock::Timeout=600 install" "$log" || fail "apt-get install does not wait for the lock"
echo "install-deps waited for the locks"
