#!/bin/sh
# gst-cudapreproc: time the engine of two revisions in one process.
#
#   tools/bench/ab-engine.sh REV_A [REV_B] [ROUNDS] [WORKLOADS]
#
# REV_A and REV_B are git revisions; REV_B "." (the default) is the working
# tree, uncommitted and untracked files included.  Each one's engine (src/)
# is built (CPU only) and linked into a shared object;
# build-bench/tools/bench/cudapreproc-ab-engine (meson setup build-bench
# -Dbench=true) then times both on the benchmark's workloads, with ROUNDS
# rounds (default 200) of WORKLOADS (default W1,W2,W3,W4; also W1-I420,
# W4-I420, W1-P010, W4-P010, which revisions before PrepFrame refuse, as
# they read NV12 only, W2-AA, W4-AA, W2-cover, which revisions without
# antialias and cover refuse, and W1-uint8, W2-uint8, W1-gray, W2-gray,
# W1-nearest, W2-nearest, which revisions without uint8 tensors refuse).
# The driver sets
# plans and runs them through ab_plan_for () and ab_run ()
# (tools/bench/ab-plan.c and bench-config.c of the working tree), compiled
# into each revision's object against that revision's prep.h, so the
# revisions may differ in PrepConfig and the run entry points; the pool
# (prep_workers_*) must keep its signatures.  CC may hold a command with arguments;
# AB_PERF a command the driver runs under (AB_PERF="perf record -o
# /tmp/ab.data" profiles both revisions in one recording).  See docs/performance.md, "Judging a
# change".
set -eu

usage="usage: ab-engine.sh REV_A [REV_B] [ROUNDS] [WORKLOADS]"
top=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
driver=$top/build-bench/tools/bench/cudapreproc-ab-engine
rev_a=${1:?$usage}
rev_b=${2:-.}
rounds=${3:-200}
workloads=${4:-W1,W2,W3,W4}
cc=${CC:-cc}

[ -x "$driver" ] || {
  echo "ab-engine.sh: build $driver first (meson setup build-bench -Dbench=true && ninja -C build-bench)" >&2
  exit 2
}
for rev in "$rev_a" "$rev_b"; do
  [ "$rev" = . ] && continue
  git -C "$top" rev-parse --verify --quiet "$rev^{commit}" >/dev/null || {
    echo "ab-engine.sh: $rev is not a revision of $top ($usage)" >&2
    exit 2
  }
done
[ "$rev_a" != . ] || { echo "ab-engine.sh: REV_A must be a revision" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

# tree_of REV: a tree object; for ".", the working tree as "git add -A"
# would stage it (through a scratch index: the real one is not touched)
tree_of () {
  if [ "$1" = . ]; then
    GIT_INDEX_FILE=$tmp/index git -C "$top" add -A
    GIT_INDEX_FILE=$tmp/index git -C "$top" write-tree
  else
    git -C "$top" rev-parse "$1^{tree}"
  fi
}

# build_engine TREE NAME: $tmp/NAME.so from TREE's src/
build_engine () {
  src=$tmp/src-$2
  mkdir -p "$src"
  git -C "$top" archive "$1" | tar -x -C "$src"
  meson setup "$tmp/build-$2" "$src" -Dcuda=disabled -Dtests=disabled \
    -Dbench=false --buildtype=debugoptimized >"$tmp/setup-$2.log" 2>&1 ||
    { cat "$tmp/setup-$2.log" >&2; exit 1; }
  ninja -C "$tmp/build-$2" src/libprep.a >"$tmp/ninja-$2.log" 2>&1 ||
    { cat "$tmp/ninja-$2.log" >&2; exit 1; }
  # the plan adapter, against this revision's prep.h; revisions whose
  # prep_plan_new () took no rectangles get the old calls
  old_api=
  grep -q 'prep_plan_new (const PrepConfig \* cfg, PrepPlan \*\* plan)' \
    "$src/src/prep.h" && old_api=-DAB_PLAN_NEW_WITHOUT_RECTS
  grep -q 'PrepFrame \* src' "$src/src/prep.h" ||
    old_api="$old_api -DAB_RUN_NV12_PLANES"
  grep -q 'int antialias;' "$src/src/prep.h" ||
    old_api="$old_api -DAB_NO_ANTIALIAS"
  grep -q 'PREP_DTYPE_UINT8' "$src/src/prep.h" ||
    old_api="$old_api -DAB_NO_OUTPUT_KINDS"
  # shellcheck disable=SC2086 # CC may be a command with arguments
  $cc -shared -fPIC -O2 $old_api -I "$src/src" -I "$top/tools/bench" \
    -o "$tmp/$2.so" "$top/tools/bench/ab-plan.c" \
    "$top/tools/bench/bench-config.c" -Wl,--whole-archive \
    "$tmp/build-$2/src/libprep.a" -Wl,--no-whole-archive -lpthread -lm
}

tree_a=$(tree_of "$rev_a")
tree_b=$(tree_of "$rev_b")
build_engine "$tree_a" a
build_engine "$tree_b" b
echo "A = $rev_a ($(git -C "$top" rev-parse --short "$rev_a")), B = $rev_b"
# shellcheck disable=SC2086 # AB_PERF is a command with arguments
${AB_PERF:-} "$driver" "$tmp/a.so" "$tmp/b.so" "$rounds" "$workloads"
