#!/usr/bin/python3
# gst-cudapreproc: docs/examples/cuda_tensor.py's CudaTensorView on
# cudapreproc's CUDA tensors, against the strict mock CUDA driver
# (tests/mock-cuda; meson test "python-cuda-tensor") or a real driver and
# GPU (--driver real; scripts/gpu-check).
#
#   cuda-tensor.py [--driver mock|real] [--example PATH]
#
# NV12 frames go into cudapreproc in CUDA memory from an appsrc (buffers of
# a GstCuda.CudaBufferPool, written through host maps: no cudaupload), and
# the same frames in system memory into a second cudapreproc (the CPU
# path).  Each CUDA tensor (tensor mode; on GStreamer 1.26+ also the
# GstTensorMeta's, output-mode=meta) is wrapped in the example's
# CudaTensorView, and the test checks:
#   - the interface: version 3, the shape and typestr of the caps (or of the
#     GstTensor), C-contiguous, the data pointer equal to the memory's own
#     (a gst_memory_map (GST_MAP_READ | GST_MAP_CUDA) of the test's), the
#     GstBuffer the one PyGObject's repr names, the context the input's;
#   - the stream: on 1.24+ the CUstream the memory carries (never 0 nor
#     None), on 1.22 None; on the mock, with one frame, the kernel is still
#     queued on that stream when the tensor arrives (1.24+) or nothing is
#     queued anywhere (1.22), and a reader on a stream of its own that does
#     not wait reads other bytes (so the bytes checks below can fail);
#   - the bytes: read at the interface's pointer by two minimal consumers
#     through ctypes on the loaded libcuda (cuStreamSynchronize on the
#     exported stream then cuMemcpyDtoH_v2; a non-blocking stream made to
#     wait on the exported stream with an event, then cuMemcpyDtoHAsync_v2),
#     equal to the CPU path's tensor of the same frame and to a plain
#     GST_MAP_READ download of the same buffer;
#   - the lifetime: while a view lives its buffer holds one more reference
#     and its memory one more map; the view keeps the tensor readable after
#     the sample is gone and the pipeline is down; close () (twice), or the
#     last reference going (a consumer that held the view), gives back
#     exactly that reference and that map; then the device memory is freed
#     (mock: one cuMemFree per tensor) and nothing leaks at the end;
#   - main ()'s pieces: process_sample () describes the tensor, hands the
#     view to a consumer and closes it; the run loop ends on an element
#     error (PipelineError) and on a timeout (TimeoutError) instead of
#     hanging; main () fails cleanly (1) when no CUDA tensor comes.
# Each check prints what differs.  Exit 77 (skipped) without python3-gi,
# the GstCuda typelib or the mock (--driver real: a driver and a GPU).
import argparse
import ctypes
import gc
import importlib.util
import os
import random
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def skip(reason):
    print("SKIP: %s" % reason)
    sys.exit(77)


parser = argparse.ArgumentParser()
parser.add_argument("--driver", choices=("mock", "real"), default="mock")
parser.add_argument("--example", default=os.path.join(
    HERE, "..", "..", "docs", "examples", "cuda_tensor.py"))
args = parser.parse_args()

try:
    import gi
    gi.require_version("Gst", "1.0")
    gi.require_version("GstVideo", "1.0")
    from gi.repository import GLib, Gst, GstVideo
except (ImportError, ValueError) as e:
    skip("needs python3-gi with GStreamer's typelibs (%s)" % e)
try:
    gi.require_version("GstCuda", "1.0")
    from gi.repository import GstCuda
except (ImportError, ValueError) as e:
    skip("needs the GstCuda-1.0 typelib (gir1.2-gst-plugins-bad-1.0): %s" % e)

try:
    drv = ctypes.CDLL("libcuda.so.1")
except OSError as e:
    skip("no libcuda.so.1 (%s): the mock's folder on LD_LIBRARY_PATH, or a "
         "driver" % e)
MOCK = hasattr(drv, "mock_cuda_get_stats")
if args.driver == "mock" and not MOCK:
    skip("libcuda.so.1 is not the mock driver (LD_LIBRARY_PATH)")
if args.driver == "real" and MOCK:
    print("FAIL: --driver real, but libcuda.so.1 is the mock driver")
    sys.exit(1)

Gst.init(None)
VERSION = Gst.version()[:2]
STREAMS = VERSION >= (1, 24)        # memory may carry a stream
if not GstCuda.cuda_load_library():
    skip("libgstcuda cannot load the CUDA driver")
count = ctypes.c_int(0)
if drv.cuInit(0) != 0 or drv.cuDeviceGetCount(ctypes.byref(count)) != 0 or \
        count.value == 0:
    skip("no CUDA device")
GstCuda.cuda_memory_init_once()
if Gst.ElementFactory.find("cudapreproc") is None:
    print("FAIL: cudapreproc is not registered (GST_PLUGIN_PATH)")
    sys.exit(1)

spec = importlib.util.spec_from_file_location("cuda_tensor", args.example)
example = importlib.util.module_from_spec(spec)
spec.loader.exec_module(example)

failures = []


def check(ok, what, detail=""):
    if ok:
        return True
    failures.append(what)
    print("FAIL: %s%s" % (what, (": " + detail) if detail else ""))
    return False


# --- C functions, bound here (not the example's) -----------------------------
P, U64, SZ = ctypes.c_void_p, ctypes.c_uint64, ctypes.c_size_t
GstMapInfo = example.GstMapInfo


def bind(lib, name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype, f.argtypes = restype, list(argtypes)
    return f


gst = ctypes.CDLL("libgstreamer-1.0.so.0")
gstcuda = ctypes.CDLL("libgstcuda-1.0.so.0")
peek_memory = bind(gst, "gst_buffer_peek_memory", P, P, ctypes.c_uint)
n_memory = bind(gst, "gst_buffer_n_memory", ctypes.c_uint, P)
memory_map = bind(gst, "gst_memory_map", ctypes.c_int, P,
                  ctypes.POINTER(GstMapInfo), ctypes.c_int)
memory_unmap = bind(gst, "gst_memory_unmap", None, P,
                    ctypes.POINTER(GstMapInfo))
if STREAMS:
    memory_get_stream = bind(gstcuda, "gst_cuda_memory_get_stream", P, P)
    stream_get_handle = bind(gstcuda, "gst_cuda_stream_get_handle", P, P)

CU = ctypes.c_int
cuCtxPushCurrent = bind(drv, "cuCtxPushCurrent_v2", CU, P)
cuCtxPopCurrent = bind(drv, "cuCtxPopCurrent_v2", CU, ctypes.POINTER(P))
cuStreamSynchronize = bind(drv, "cuStreamSynchronize", CU, P)
cuStreamCreate = bind(drv, "cuStreamCreate", CU, ctypes.POINTER(P),
                      ctypes.c_uint)
cuStreamDestroy = bind(drv, "cuStreamDestroy_v2", CU, P)
cuEventCreate = bind(drv, "cuEventCreate", CU, ctypes.POINTER(P),
                     ctypes.c_uint)
cuEventRecord = bind(drv, "cuEventRecord", CU, P, P)
cuEventDestroy = bind(drv, "cuEventDestroy_v2", CU, P)
cuStreamWaitEvent = bind(drv, "cuStreamWaitEvent", CU, P, P, ctypes.c_uint)
cuMemcpyDtoH = bind(drv, "cuMemcpyDtoH_v2", CU, P, U64, SZ)
cuMemcpyDtoHAsync = bind(drv, "cuMemcpyDtoHAsync_v2", CU, P, U64, SZ, P)
CU_STREAM_NON_BLOCKING = 1
CU_EVENT_DISABLE_TIMING = 2


class MockCudaStats(ctypes.Structure):
    """MockCudaStats of tests/mock-cuda/mock-cuda.h."""
    _fields_ = [(n, ctypes.c_uint64) for n in (
        "init_calls", "contexts_created", "contexts_destroyed",
        "contexts_live", "device_allocs", "device_frees", "device_live",
        "device_bytes_live", "host_allocs", "host_frees", "host_live",
        "copies", "async_copies", "modules_loaded", "modules_live",
        "launches", "streams_created", "streams_live", "syncs",
        "unsynced_ops", "peer_enables", "injected_failures")] + [
        ("last_grid", ctypes.c_uint * 3), ("last_block", ctypes.c_uint * 3)]


if MOCK:
    _get_stats = bind(drv, "mock_cuda_get_stats", None,
                      ctypes.POINTER(MockCudaStats), SZ)
    mock_pending = bind(drv, "mock_cuda_get_pending", U64, P)
    mock_check_leaks = bind(drv, "mock_cuda_check_leaks", ctypes.c_uint)

    def stats():
        s = MockCudaStats()
        _get_stats(ctypes.byref(s), ctypes.sizeof(s))
        return s


def mini_object(ptr):
    return example.GstMiniObject.from_address(ptr)


def refcount(ptr):
    return mini_object(ptr).refcount


def map_count(mem):
    """Maps held on a GstMemory: the lock count of its lockstate
    (gst/gstminiobject.c: LOCK_ONE is GST_LOCK_FLAG_LAST, 256, below
    SHARE_ONE, 1 << 16)."""
    return (mini_object(mem).lockstate & 0xff00) >> 8


def buffer_ptr(buffer):
    """The GstBuffer * as PyGObject's repr prints it (not hash ())."""
    m = re.search(r"GstBuffer at 0x([0-9a-f]+)", repr(buffer))
    return int(m.group(1), 16)


def device_pointer(mem):
    """The memory's CUdeviceptr through a map of our own."""
    info = GstMapInfo()
    if not memory_map(mem, ctypes.byref(info),
                      example.GST_MAP_READ | example.GST_MAP_CUDA):
        return None
    ptr = info.data
    memory_unmap(mem, ctypes.byref(info))
    return ptr


def memory_stream(mem):
    if not STREAMS:
        return None
    s = memory_get_stream(mem)
    return stream_get_handle(s) if s else None


class Pushed:
    """The CUDA context @ctx current on this thread for a block."""

    def __init__(self, ctx):
        self.ctx = ctx

    def __enter__(self):
        assert cuCtxPushCurrent(self.ctx) == 0, "cuCtxPushCurrent"

    def __exit__(self, *exc):
        popped = P()
        cuCtxPopCurrent(ctypes.byref(popped))


def read_synced(cai, context):
    """The minimal consumer: waits on the exported stream on the host (none
    for None), then a synchronous copy."""
    ptr, n = cai["data"][0], nbytes_of(cai)
    out = ctypes.create_string_buffer(n)
    with Pushed(context):
        if cai["stream"] is not None:
            assert cuStreamSynchronize(cai["stream"]) == 0
        assert cuMemcpyDtoH(out, ptr, n) == 0
    return out.raw


class Consumer:
    """A consumer's own non-blocking stream and event in @context, made once
    (as an application would; free () before the context goes)."""

    def __init__(self, context):
        self.context = context
        self.stream, self.event = P(), P()
        with Pushed(context):
            assert cuStreamCreate(ctypes.byref(self.stream),
                                  CU_STREAM_NON_BLOCKING) == 0
            assert cuEventCreate(ctypes.byref(self.event),
                                 CU_EVENT_DISABLE_TIMING) == 0

    def free(self):
        with Pushed(self.context):
            cuEventDestroy(self.event)
            cuStreamDestroy(self.stream)


consumers = {}


def read_ordered(cai, context, wait=True):
    """A consumer with a non-blocking stream of its own that waits on the
    exported stream through an event (CAI v3), unless @wait is False, then
    copies on its stream."""
    ptr, n = cai["data"][0], nbytes_of(cai)
    out = ctypes.create_string_buffer(n)
    if context not in consumers:
        consumers[context] = Consumer(context)
    c = consumers[context]
    with Pushed(context):
        if wait and cai["stream"] is not None:
            assert cuEventRecord(c.event, cai["stream"]) == 0
            assert cuStreamWaitEvent(c.stream, c.event, 0) == 0
        assert cuMemcpyDtoHAsync(out, ptr, n, c.stream) == 0
        assert cuStreamSynchronize(c.stream) == 0
    return out.raw


def nbytes_of(cai):
    n = int(cai["typestr"][2:])
    for d in cai["shape"]:
        n *= d
    return n


def first_difference(a, b):
    if len(a) != len(b):
        return "%d bytes against %d" % (len(a), len(b))
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return "byte %d: %d against %d" % (i, x, y)
    return "none"


# --- input frames ------------------------------------------------------------
W, H = 64, 48
NV12 = "format=NV12,width=%d,height=%d,framerate=30/1" % (W, H)
rng = random.Random(20260422)
FRAMES = [rng.randbytes(W * H * 3 // 2) for _ in range(3)]

# the cases: cudapreproc's properties, and the shape and typestr they give
CASES = [
    ("width=32 height=24 aspect=letterbox", (1, 3, 24, 32), "<f4"),
    ("width=20 height=16 layout=nhwc data-type=float16 "
     "rois=\"<<0,0,64,48>,<8,8,32,24>>\"", (2, 16, 20, 3), "<f2"),
    ("width=16 height=16 data-type=uint8 interpolation=nearest",
     (1, 3, 16, 16), "|u1"),
    ("width=24 height=8 data-type=int8 layout=nhwc", (1, 8, 24, 3), "|i1"),
]

context = GstCuda.CudaContext.new(0)
CTX = context.get_handle()

pool = GstCuda.CudaBufferPool.new(context)
# gst_cuda_buffer_pool_new () returns a full reference that the GIR calls
# "transfer none" (1.22 to 1.26), so PyGObject takes one more: drop it, or
# the pool and the context would outlive the test (the mock fails at exit).
if pool.ref_count > 1:
    ctypes.pythonapi.PyCapsule_GetPointer.restype = P
    ctypes.pythonapi.PyCapsule_GetPointer.argtypes = [ctypes.py_object,
                                                      ctypes.c_char_p]
    bind(gst, "gst_object_unref", None, P)(
        ctypes.pythonapi.PyCapsule_GetPointer(pool.__gpointer__, None))
cuda_caps = Gst.Caps.from_string("video/x-raw(memory:CUDAMemory),%s" % NV12)
config = pool.get_config()
Gst.BufferPool.config_set_params(
    config, cuda_caps, GstVideo.VideoInfo.new_from_caps(cuda_caps).size, 0, 0)
if not (pool.set_config(config) and pool.set_active(True)):
    print("FAIL: the CUDA buffer pool does not start")
    sys.exit(1)


def cuda_frame(i):
    """Frame @i in a buffer of the CUDA pool, written row by row through host
    maps at the pool's strides and offsets (uploaded when cudapreproc maps
    it for CUDA)."""
    ret, buf = pool.acquire_buffer(None)
    assert ret == Gst.FlowReturn.OK
    vmeta = GstVideo.buffer_get_video_meta(buf)
    data = FRAMES[i]
    for plane, rows, start in ((0, H, 0), (1, H // 2, W * H)):
        for r in range(rows):
            buf.fill(vmeta.offset[plane] + r * vmeta.stride[plane],
                     data[start + r * W:start + (r + 1) * W])
    buf.pts = i * Gst.SECOND // 30
    buf.duration = Gst.SECOND // 30
    return buf


def system_frame(i):
    buf = Gst.Buffer.new_wrapped(FRAMES[i])
    buf.pts = i * Gst.SECOND // 30
    buf.duration = Gst.SECOND // 30
    return buf


def pipeline_of(props, cuda, meta=False, frames=(0, 1, 2)):
    """appsrc ! cudapreproc @props ! appsink, with @frames queued in the
    appsrc and EOS after them (PAUSED).  The appsink keeps no last sample:
    its reference would come and go while the test counts them."""
    src_caps = ("video/x-raw(memory:CUDAMemory),%s" if cuda else
                "video/x-raw,%s") % NV12
    sink_caps = ("video/x-raw(memory:CUDAMemory)" if meta else
                 "other/tensors(memory:CUDAMemory)" if cuda else
                 "other/tensors")
    pipe = Gst.parse_launch(
        "appsrc name=src format=time caps=\"%s\" ! cudapreproc name=prep %s "
        "%s ! appsink name=sink caps=\"%s\" sync=false "
        "enable-last-sample=false" % (
            src_caps, "output-mode=meta" if meta else "", props, sink_caps))
    pipe.set_state(Gst.State.PAUSED)
    src = pipe.get_by_name("src")
    for i in frames:
        buf = cuda_frame(i) if cuda else system_frame(i)
        assert src.emit("push-buffer", buf) == Gst.FlowReturn.OK
    src.emit("end-of-stream")
    return pipe


def cpu_tensors(props):
    out = []

    def on_sample(sample):
        buf = sample.get_buffer()
        out.append(buf.extract_dup(0, buf.get_size()))
    n = example.run_pipeline(pipeline_of(props, cuda=False), on_sample, 60)
    assert n == len(FRAMES), "CPU path: %d tensors" % n
    # else a tensor of the wrong frame, or a stale one, could pass
    check(len(set(out)) == len(out), props + ": the frames give different "
          "tensors on the CPU path")
    return out


def tensor_buffer_of(sample, meta):
    """The buffer holding the tensor (the sample's, or the GstTensor's data),
    found without the example."""
    if not meta:
        return sample.get_buffer()
    from gi.repository import GstAnalytics
    tmeta = GstAnalytics.buffer_get_tensor_meta(sample.get_buffer())
    return tmeta.get(tmeta.get_index_from_id(
        GLib.quark_from_string("input"))).data


def check_view(label, sample, meta, shape, typestr, reference, single):
    """The checks of one tensor while its sample lives; returns the view and
    its tensor's Gst.Buffer, kept for the lifetime checks."""
    tbuf = tensor_buffer_of(sample, meta)
    bptr = buffer_ptr(tbuf)
    check(n_memory(bptr) == 1, label + ": one memory")
    mem = peek_memory(bptr, 0)
    rc0, maps0 = refcount(bptr), map_count(mem)

    if meta:
        view = example.view_of_tensor_meta(sample.get_buffer(), "input")
    else:
        check(example.shape_of_caps(sample.get_caps()) ==
              (list(shape), typestr), label + ": shape of the caps",
              str(example.shape_of_caps(sample.get_caps())))
        view = example.view_of_sample(sample)
    check(view.buffer_ptr == bptr, label + ": the view's GstBuffer",
          "hash () gave 0x%x, the buffer is at 0x%x" % (view.buffer_ptr, bptr))
    # (references are counted once the pipeline is down, below: while it
    # runs, the element and the sink take and drop their own on other
    # threads)
    check(map_count(mem) == maps0 + 1, label + ": a view holds one map",
          "%d maps, %d before" % (map_count(mem), maps0))

    cai = view.__cuda_array_interface__
    check(cai["version"] == 3, label + ": version 3", str(cai["version"]))
    check(cai["shape"] == shape and cai["typestr"] == typestr,
          label + ": shape and typestr",
          "%s %s, expected %s %s" % (cai["shape"], cai["typestr"], shape,
                                     typestr))
    check(cai["strides"] is None and cai["data"][1] is False,
          label + ": C-contiguous, read-only False",
          "%s %s" % (cai["strides"], cai["data"]))
    dptr = device_pointer(mem)
    check(dptr is not None and cai["data"][0] == dptr,
          label + ": data pointer",
          "interface 0x%x, memory map 0x%x" % (cai["data"][0], dptr or 0))
    check(view.context == CTX, label + ": the memory's context",
          "0x%x, the input's 0x%x" % (view.context or 0, CTX))

    expected_stream = memory_stream(mem)
    if STREAMS:
        check(expected_stream is not None and
              cai["stream"] == expected_stream and cai["stream"] not in (0,),
              label + ": stream is the memory's",
              "exported %r, memory's %r" % (cai["stream"], expected_stream))
    else:
        check(cai["stream"] is None, label + ": stream None on 1.22",
              repr(cai["stream"]))

    # the element waits for its kernel before the buffer leaves, on every
    # version (docs/cuda.md: its input frame goes back to the producer)
    # (with one frame only: with more, the element may be busy with the
    # next one meanwhile)
    if MOCK and single:
        check(mock_pending(None) == 0, label + ": nothing queued when the "
              "tensor arrives", "%d operations" % mock_pending(None))

    ordered = read_ordered(cai, view.context)
    check(ordered == reference, label + ": bytes (stream-ordered reader) "
          "equal the CPU path's", first_difference(ordered, reference))
    synced = read_synced(cai, view.context)
    check(synced == reference, label + ": bytes (cuStreamSynchronize + "
          "cuMemcpyDtoH) equal the CPU path's",
          first_difference(synced, reference))
    if MOCK and STREAMS and single:
        check(mock_pending(cai["stream"]) == 0,
              label + ": nothing pending after the consumer's wait")
    download = tbuf.extract_dup(0, nbytes_of(cai))
    check(download == reference, label + ": GST_MAP_READ download equals "
          "the CPU path's", first_difference(download, reference))
    return view, tbuf, mem, rc0


def check_process_sample(label, sample, meta, reference):
    """main ()'s per-sample work, with no consumer and with one that reads
    the view; the view is closed when it returns."""
    tbuf = tensor_buffer_of(sample, meta)
    bptr = buffer_ptr(tbuf)
    mem = peek_memory(bptr, 0)
    maps0 = map_count(mem)
    line = example.process_sample(sample, meta)
    ptr = device_pointer(mem)
    check(("at 0x%x," % ptr) in line and
          ("stream 0x" if STREAMS else "stream None") in line,
          label + ": process_sample () describes the tensor", line)
    seen = []

    def consume(view):
        seen.append(read_ordered(view.__cuda_array_interface__, view.context))
        return [1.0, 2.0, 3.0]
    line = example.process_sample(sample, meta, consumer=("test", consume))
    check(seen == [reference] and "channel means (test, on the GPU) "
          "[1.0, 2.0, 3.0]" in line, label + ": process_sample () hands the "
          "view to the consumer", line)
    check(map_count(mem) == maps0, label + ": process_sample () closes its "
          "views", "%d maps (%d before)" % (map_count(mem), maps0))


def run_cuda(props, shape, typestr, reference, meta, frames):
    mode = "meta" if meta else "tensor"
    kept = []

    def on_sample(sample):
        i = frames[len(kept)]
        label = "%s mode, %s, frame %d" % (mode, props, i)
        if len(frames) > 1:
            check_process_sample(label, sample, meta, reference[i])
        kept.append(check_view(label, sample, meta, shape, typestr,
                               reference[i], len(frames) == 1) + (label,))
    pipe = pipeline_of(props, cuda=True, meta=meta, frames=frames)
    n = example.run_pipeline(pipe, on_sample, 60)
    check(n == len(frames), "%s mode, %s: %d tensors" % (mode, props, n))
    del pipe, on_sample
    gc.collect()

    # The samples are gone and the pipeline is down: the views still hold
    # their tensors, readable, with one reference and one map each.
    live0 = stats().device_live if MOCK else None
    for k in range(len(kept)):
        # by index: enumerate () would keep the last item referenced
        view, tbuf, mem, rc0, label = kept[k]
        kept[k] = None
        i = frames[k]
        bptr = buffer_ptr(tbuf)
        cai = view.__cuda_array_interface__
        after = read_synced(cai, view.context)
        check(after == reference[i], label + ": bytes after the pipeline",
              first_difference(after, reference[i]))
        # left: the view's reference and our Gst.Buffer's
        check(refcount(bptr) == 2, label + ": references after the "
              "pipeline", "%d, expected the view's and ours" %
              refcount(bptr))
        check(map_count(mem) == 1, label + ": maps after the pipeline",
              str(map_count(mem)))
        if k % 2 == 0:
            view.close()
            view.close()
            check(view.closed, label + ": closed")
            try:
                view.__cuda_array_interface__
                check(False, label + ": a closed view has no interface")
            except ValueError:
                pass
            del view
        else:
            # a consumer's reference keeps it (torch.as_tensor and
            # cupy.asarray keep one); its last reference releases it
            holder = [view]
            del view
            gc.collect()
            check(holder and refcount(bptr) == 2 and map_count(mem) == 1,
                  label + ": a consumer's reference keeps the view",
                  "refcount %d, %d maps" % (refcount(bptr), map_count(mem)))
            del holder
        gc.collect()
        check(refcount(bptr) == 1, label + ": the view's reference given "
              "back once", "refcount %d, expected 1 (ours)" % refcount(bptr))
        check(map_count(mem) == 0, label + ": unmapped once",
              "%d maps" % map_count(mem))
        del tbuf, mem
        gc.collect()
    if MOCK:
        freed = live0 - stats().device_live
        check(freed == len(frames), "%s mode, %s: the tensors' device memory "
              "freed when the last reference went" % (mode, props),
              "%d of %d allocations freed" % (freed, len(frames)))


def meta_refusal():
    """Why output-mode=meta cannot run here, or None."""
    if VERSION < (1, 26):
        return "GStreamer %d.%d (1.26+ has GstTensorMeta)" % VERSION
    if example.GstAnalytics is None:
        return "no GstAnalytics typelib"
    prep = Gst.ElementFactory.make("cudapreproc")
    prep.set_property("output-mode", "meta")
    mode = prep.get_property("output-mode")
    if int(mode) != 1:
        return "this build of cudapreproc has no output-mode=meta"
    return None


def check_run_loop():
    # an element error ends the loop: a system-memory buffer under CUDA caps
    pipe = Gst.parse_launch(
        "appsrc name=src format=time caps=\"video/x-raw(memory:CUDAMemory),"
        "%s\" ! cudapreproc ! appsink name=sink sync=false" % NV12)
    pipe.set_state(Gst.State.PAUSED)
    pipe.get_by_name("src").emit("push-buffer", system_frame(0))
    t = time.monotonic()
    try:
        example.run_pipeline(pipe, lambda s: None, 20)
        check(False, "run_pipeline: an element error raises PipelineError")
    except example.PipelineError as e:
        print("run_pipeline: error as expected: %s" % str(e).split("\n")[0])
    check(time.monotonic() - t < 10, "run_pipeline: the error ends it")
    del pipe
    # no EOS: the timeout ends it
    pipe = Gst.parse_launch("appsrc name=src ! appsink name=sink")
    t = time.monotonic()
    try:
        example.run_pipeline(pipe, lambda s: None, 0.5)
        check(False, "run_pipeline: no EOS raises TimeoutError")
    except TimeoutError:
        pass
    check(time.monotonic() - t < 5, "run_pipeline: the timeout ends it",
          "%.1f s" % (time.monotonic() - t))
    del pipe
    # main (): a stream that never negotiates fails (1), a pipeline that
    # does not parse is a usage error (2)
    t = time.monotonic()
    rc = example.main(["--print-only", "--timeout", "20",
                       "fakesrc num-buffers=1 ! cudapreproc width=16 "
                       "height=16"])
    check(rc == 1 and time.monotonic() - t < 15,
          "main (): fails without a CUDA tensor", "exit %r" % rc)
    rc = example.main(["--print-only", "no-such-element"])
    check(rc == 2, "main (): a bad pipeline is exit 2", "exit %r" % rc)


def main():
    print("%s, %s driver, memory streams: %s" % (
        Gst.version_string(), "mock" if MOCK else "real",
        "yes (1.24+)" if STREAMS else "no (1.22)"))
    refusal = meta_refusal()
    if refusal:
        print("SKIP: meta mode: %s" % refusal)
    for props, shape, typestr in CASES:
        reference = cpu_tensors(props)
        run_cuda(props, shape, typestr, reference, False, (0, 1, 2))
        if refusal is None:
            run_cuda(props, shape, typestr, reference, True, (0, 1, 2))
        print("%s: %s %s checked (tensor%s mode)" % (
            props, list(shape), typestr, "" if refusal else " and meta"))
    # one frame alone: what is queued where when the tensor arrives
    props, shape, typestr = CASES[0]
    reference = cpu_tensors(props)
    run_cuda(props, shape, typestr, reference, False, (1,))
    if refusal is None:
        run_cuda(props, shape, typestr, reference, True, (1,))
    check_run_loop()


main()
for c in consumers.values():
    c.free()
pool.set_active(False)
pool = context = None
gc.collect()
if MOCK:
    check(mock_check_leaks() == 0, "nothing of the mock's left")
if failures:
    print("%d check(s) failed" % len(failures))
    sys.exit(1)
print("all checks passed")
