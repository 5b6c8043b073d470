#!/bin/sh
# gst-cudapreproc: time the engine of two revisions in one process.
#
#   tools/bench/ab-engine.sh REV_A [REV_B] [ROUNDS] [WORKLOADS]
#
# REV_A and REV_B are git revisions; REV_B "." (the default) is the working
# tree.  Each one's engine (src/) is built (CPU only) and linked into a
# shared object; build-bench/tools/bench/cudapreproc-ab-engine (meson setup
# build-bench -Dbench=true) then times both on the benchmark's workloads,
# with ROUNDS rounds (default 200) of WORKLOADS (default W1,W2,W3,W4).
# The driver sets the workloads up through the working tree's prep.h, so
# both revisions must share its PrepConfig (the script warns when prep.h
# differs).  See docs/performance.md, "Judging a change".
set -eu

top=$(git rev-parse --show-toplevel)
driver=$top/build-bench/tools/bench/cudapreproc-ab-engine
rev_a=${1:?usage: ab-engine.sh REV_A [REV_B] [ROUNDS] [WORKLOADS]}
rev_b=${2:-.}
rounds=${3:-200}
workloads=${4:-W1,W2,W3,W4}
cc=${CC:-cc}

[ -x "$driver" ] || {
  echo "ab-engine.sh: build $driver first (meson setup build-bench -Dbench=true && ninja -C build-bench)" >&2
  exit 2
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# build_engine REV NAME: $tmp/NAME.so from REV's src/
build_engine () {
  src=$tmp/src-$2
  mkdir -p "$src"
  if [ "$1" = . ]; then
    (cd "$top" && git ls-files -co --exclude-standard -z |
        tar -c --null --ignore-failed-read -T - -f - 2>/dev/null) |
      tar -x -C "$src"
  else
    git -C "$top" archive "$1" | tar -x -C "$src"
  fi
  meson setup "$tmp/build-$2" "$src" -Dcuda=disabled -Dtests=disabled \
    -Dbench=false --buildtype=debugoptimized >"$tmp/setup-$2.log" 2>&1 ||
    { cat "$tmp/setup-$2.log" >&2; exit 1; }
  ninja -C "$tmp/build-$2" src/libprep.a >/dev/null
  "$cc" -shared -o "$tmp/$2.so" -Wl,--whole-archive \
    "$tmp/build-$2/src/libprep.a" -Wl,--no-whole-archive -lpthread -lm
}

if [ "$rev_b" = . ]; then
  git -C "$top" diff --quiet "$rev_a" -- src/prep.h || changed=1
else
  git -C "$top" diff --quiet "$rev_a" "$rev_b" -- src/prep.h || changed=1
fi
[ -z "${changed:-}" ] ||
  echo "ab-engine.sh: warning: src/prep.h differs between the revisions" >&2

build_engine "$rev_a" a
build_engine "$rev_b" b
echo "A = $rev_a ($(git -C "$top" rev-parse --short "$rev_a")), B = $rev_b"
"$driver" "$tmp/a.so" "$tmp/b.so" "$rounds" "$workloads"
