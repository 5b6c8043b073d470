#!/usr/bin/python3
# gst-cudapreproc: cudapreproc's CUDA tensor in PyTorch or CuPy, without a
# copy (docs/cuda.md, "From Python without a copy").
#
#   GST_PLUGIN_PATH=build/gst docs/examples/cuda_tensor.py [--meta] [PIPELINE]
#
# PIPELINE is everything before the appsink (default: a test pattern through
# cudaupload into cudapreproc; for a file, e.g.
# "filesrc location=in.mp4 ! qtdemux ! h264parse ! nvh264dec !
#  cudapreproc width=640 height=640 aspect=letterbox").  Each tensor, in
# CUDA memory, is wrapped in a CudaTensorView, an object with the CUDA Array
# Interface (__cuda_array_interface__, version 3), and handed to PyTorch
# (torch.as_tensor (view, device="cuda")) or CuPy (cupy.asarray (view)) when
# one of them is installed with a GPU; they use the device memory where it
# is.  Without them, it prints the pointer, shape, type and stream.
#
# In tensor mode (the default) the tensor is the appsink's buffer, its shape
# and type in the caps (other/tensors(memory:CUDAMemory)).  With --meta
# (output-mode=meta, GStreamer 1.26+ and python3-gi's GstAnalytics) the
# video goes on and the tensor is the GstTensorMeta's GstTensor, whose data
# buffer is in CUDA memory when the video is.
#
# Debian's python3-gi only: no compiled extension.  What GObject
# introspection does not reach (mapping a buffer with GST_MAP_CUDA, the
# memory's stream) goes through ctypes on libgstreamer-1.0 and libgstcuda-1.0.
#
# The rules the view follows (docs/cuda.md):
# - lifetime: the view holds a reference to the GstBuffer and keeps it mapped
#   (GST_MAP_READ | GST_MAP_CUDA) until it is released: close (), or when the
#   last reference to it goes (PyTorch and CuPy keep one for as long as their
#   array lives).  Until then the element cannot reuse the memory for a
#   later frame.  Release it only when the GPU work reading it is done.
# - streams: see CudaTensorView.stream.
# - context: the device pointer is valid in the CUDA context of the memory,
#   which is the one of cudapreproc's input.  PyTorch and CuPy work in the
#   device's primary context, so main () shares that one with the pipeline
#   before it starts (share_primary_context ()).
import ctypes
import functools
import math
import os
import sys
import weakref

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# the bus-watching run, shared with the other examples
from gstexample import (PipelineError, first_structure,  # noqa: E402,F401
                        run_pipeline)

try:
    import gi
    gi.require_version("Gst", "1.0")
    from gi.repository import GLib, Gst
except (ImportError, ValueError) as e:
    print("skipped: needs python3-gi with GStreamer's typelib (%s)" % e)
    sys.exit(77)

try:
    gi.require_version("GstAnalytics", "1.0")
    from gi.repository import GstAnalytics
except (ImportError, ValueError):
    GstAnalytics = None             # before GStreamer 1.26: no --meta

GST_MAP_READ = 1 << 0
# GST_MAP_CUDA (gst/cuda/gstcudamemory.h) is GST_MAP_FLAG_LAST << 1: the map
# gives the CUdeviceptr in GstMapInfo.data instead of a host copy.
GST_MAP_CUDA = 1 << 17

# NNStreamer's type names (the caps' "types") as the interface's typestr.
TYPESTRS = {"float32": "<f4", "float16": "<f2", "uint8": "|u1", "int8": "|i1"}

PIPELINE = ("videotestsrc num-buffers=10 ! "
            "video/x-raw,format=NV12,width=1280,height=720 ! cudaupload ! "
            "cudapreproc width=640 height=640 aspect=letterbox")


class GstMapInfo(ctypes.Structure):
    """GstMapInfo (gst/gstmemory.h); data stays an integer (c_void_p)."""
    _fields_ = [("memory", ctypes.c_void_p), ("flags", ctypes.c_int),
                ("data", ctypes.c_void_p), ("size", ctypes.c_size_t),
                ("maxsize", ctypes.c_size_t),
                ("user_data", ctypes.c_void_p * 4),
                ("_gst_reserved", ctypes.c_void_p * 4)]


class GstMiniObject(ctypes.Structure):
    """The public head of every GstMiniObject (gst/gstminiobject.h)."""
    _fields_ = [("type", ctypes.c_size_t), ("refcount", ctypes.c_int),
                ("lockstate", ctypes.c_int), ("flags", ctypes.c_uint),
                ("copy", ctypes.c_void_p), ("dispose", ctypes.c_void_p),
                ("free", ctypes.c_void_p), ("priv_uint", ctypes.c_uint),
                ("priv_pointer", ctypes.c_void_p)]


class GstMemory(ctypes.Structure):
    _fields_ = [("mini_object", GstMiniObject),
                ("allocator", ctypes.c_void_p), ("parent", ctypes.c_void_p),
                ("maxsize", ctypes.c_size_t), ("align", ctypes.c_size_t),
                ("offset", ctypes.c_size_t), ("size", ctypes.c_size_t)]


class GstCudaMemoryHead(ctypes.Structure):
    """The public start of GstCudaMemory (gst/cuda/gstcudamemory.h)."""
    _fields_ = [("mem", GstMemory), ("context", ctypes.c_void_p)]


class _Libs:
    """The few C functions the view needs, through ctypes."""

    def __init__(self):
        gst = ctypes.CDLL("libgstreamer-1.0.so.0")
        cuda = ctypes.CDLL("libgstcuda-1.0.so.0")
        P, INT = ctypes.c_void_p, ctypes.c_int

        def fn(lib, name, restype, *argtypes):
            f = getattr(lib, name)
            f.restype = restype
            f.argtypes = list(argtypes)
            return f

        self.buffer_get_type = fn(gst, "gst_buffer_get_type", ctypes.c_size_t)
        self.buffer_n_memory = fn(gst, "gst_buffer_n_memory", ctypes.c_uint, P)
        self.buffer_peek_memory = fn(gst, "gst_buffer_peek_memory", P, P,
                                     ctypes.c_uint)
        self.buffer_map = fn(gst, "gst_buffer_map", INT, P,
                             ctypes.POINTER(GstMapInfo), INT)
        self.buffer_unmap = fn(gst, "gst_buffer_unmap", None, P,
                               ctypes.POINTER(GstMapInfo))
        self.mini_object_ref = fn(gst, "gst_mini_object_ref", P, P)
        self.mini_object_unref = fn(gst, "gst_mini_object_unref", None, P)
        self.is_cuda_memory = fn(cuda, "gst_is_cuda_memory", INT, P)
        self.context_get_handle = fn(cuda, "gst_cuda_context_get_handle", P, P)
        # GStreamer 1.24+: memory may carry the stream that writes it
        try:
            self.memory_get_stream = fn(cuda, "gst_cuda_memory_get_stream", P,
                                        P)
            self.stream_get_handle = fn(cuda, "gst_cuda_stream_get_handle", P,
                                        P)
        except AttributeError:
            self.memory_get_stream = None
            self.stream_get_handle = None


@functools.lru_cache(maxsize=None)
def libs():
    return _Libs()


def gst_buffer_pointer(buffer):
    """The GstBuffer * of a Gst.Buffer.

    PyGObject hashes a boxed value (Gst.Buffer is one) by its C pointer, as
    DeepStream's Python bindings use it; checked here against the
    GstMiniObject's type, so that another PyGObject gives an error, not a
    wild pointer."""
    if not isinstance(buffer, Gst.Buffer):
        raise TypeError("expected a Gst.Buffer, got %r" % (buffer,))
    ptr = hash(buffer) & ((1 << (8 * ctypes.sizeof(ctypes.c_void_p))) - 1)
    lib = libs()
    if ptr == 0 or \
            GstMiniObject.from_address(ptr).type != lib.buffer_get_type():
        raise TypeError("hash (Gst.Buffer) is not its GstBuffer * here")
    return ptr


def _release(lib, ptr, info):
    """Unmaps and unrefs what a view held: weakref.finalize calls it once."""
    lib.buffer_unmap(ptr, ctypes.byref(info))
    lib.mini_object_unref(ptr)


class CudaTensorView:
    """A GstBuffer of one CUDA memory as a CUDA Array Interface (v3) object.

    CudaTensorView (buffer, shape, typestr): @buffer a Gst.Buffer whose one
    memory is a GstCudaMemory, @shape outermost first, @typestr one of
    TYPESTRS' values.  C-contiguous, as cudapreproc writes it.

    The view refs the buffer and maps it (GST_MAP_READ | GST_MAP_CUDA) when
    it is made, and unmaps and unrefs it once: at close (), or when the view
    is garbage (weakref.finalize).  Consumers keep the view alive:
    torch.as_tensor (view, device="cuda") and cupy.asarray (view) hold a
    reference to it for as long as their array lives, and use its memory in
    place (no copy).  Use it as a context manager to close it at the end of
    a block."""

    def __init__(self, buffer, shape, typestr):
        lib = libs()
        ptr = gst_buffer_pointer(buffer)
        self.shape = tuple(int(d) for d in shape)
        if typestr not in TYPESTRS.values():
            raise ValueError("unsupported typestr %r" % (typestr,))
        self.typestr = typestr
        self.nbytes = int(typestr[2:]) * math.prod(self.shape)
        if lib.buffer_n_memory(ptr) != 1:
            raise ValueError("the buffer holds %d memories, not one" %
                             lib.buffer_n_memory(ptr))
        mem = lib.buffer_peek_memory(ptr, 0)
        if not lib.is_cuda_memory(mem):
            raise ValueError("the buffer is not in CUDA memory (is the "
                             "caps feature memory:CUDAMemory negotiated?)")
        info = GstMapInfo()
        lib.mini_object_ref(ptr)
        if not lib.buffer_map(ptr, ctypes.byref(info),
                              GST_MAP_READ | GST_MAP_CUDA):
            lib.mini_object_unref(ptr)
            raise ValueError("cannot map the buffer with GST_MAP_CUDA")
        # from here the finalizer owns the reference and the map
        self._finalizer = weakref.finalize(self, _release, lib, ptr, info)
        if info.size < self.nbytes:
            self.close()
            raise ValueError("the memory holds %d bytes, the shape needs %d" %
                             (info.size, self.nbytes))
        self.buffer_ptr = ptr
        self.ptr = info.data
        # The CUcontext the pointer is valid in: the memory's.
        self.context = lib.context_get_handle(
            GstCudaMemoryHead.from_address(mem).context)
        self.stream = self._memory_stream(lib, mem)

    @staticmethod
    def _memory_stream(lib, mem):
        """The stream a consumer orders its work after, or None.

        What cudapreproc does (gst/gstcudapreproc-cuda.c,
        gst_cuda_preproc_cuda_finish ()): on GStreamer 1.22 memory carries
        no stream and the element synchronizes its stream before the buffer
        leaves, so the tensor is complete: None (nothing to wait for).  On
        1.24+ its CUDA tensors carry the element's GstCudaStream and leave
        with the kernel possibly still queued on it (the memory is marked
        GST_CUDA_MEMORY_TRANSFER_NEED_SYNC): the interface exports that
        CUstream, and a consumer must order its reads after it (CAI v3: wait
        on it, or make its own stream wait).  The CUDA map above does not
        wait; a plain host map (GST_MAP_READ) would.  Memory of 1.24+ that
        carries no stream was synchronized by whoever wrote it: None."""
        if lib.memory_get_stream is None:
            return None
        stream = lib.memory_get_stream(mem)
        if not stream:
            return None
        # a GstCudaStream always has a handle of its own; NULL would be the
        # legacy default stream, 1 in the interface (0 is not allowed)
        return lib.stream_get_handle(stream) or 1

    @property
    def closed(self):
        return not self._finalizer.alive

    def close(self):
        """Unmaps and unrefs the buffer now (again: nothing).  Any consumer
        array made from the view must be done with the memory."""
        self._finalizer()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @property
    def __cuda_array_interface__(self):
        if self.closed:
            raise ValueError("the CudaTensorView is closed")
        return {
            "version": 3,
            "shape": self.shape,
            "typestr": self.typestr,
            # (pointer, read-only): False because PyTorch refuses read-only
            # arrays (torch/csrc/utils/tensor_numpy.cpp); the memory is the
            # element's and mapped for reading: do not write into it.
            "data": (self.ptr, False),
            "strides": None,            # C-contiguous
            "stream": self.stream,
        }

    def __repr__(self):
        return "<CudaTensorView %s %s at 0x%x, stream %s%s>" % (
            list(self.shape), self.typestr, self.ptr or 0,
            "None" if self.stream is None else "0x%x" % self.stream,
            ", closed" if self.closed else "")


def shape_of_caps(caps):
    """(shape outermost first, typestr) of other/tensors caps: NNStreamer's
    dimensions are innermost first, so 640:640:3:1 is NCHW [1, 3, 640, 640]
    and 3:640:640:1 NHWC [1, 640, 640, 3]."""
    s = first_structure(caps)
    # other/tensors, or the legacy other/tensor
    dims = s.get_string("dimensions") or s.get_string("dimension")
    types = s.get_string("types") or s.get_string("type")
    if dims is None or types not in TYPESTRS:
        raise ValueError("not a tensor of a known type: %s" % caps.to_string())
    return [int(d) for d in dims.split(":")][::-1], TYPESTRS[types]


def view_of_sample(sample):
    """Tensor mode: the appsink's buffer as a CudaTensorView."""
    shape, typestr = shape_of_caps(sample.get_caps())
    return CudaTensorView(sample.get_buffer(), shape, typestr)


def view_of_tensor_meta(buffer, tensor_id="input"):
    """output-mode=meta: the GstTensorMeta's tensor @tensor_id (cudapreproc's
    tensor-id) of the video @buffer as a CudaTensorView.  The GstTensor's
    dims are outermost first (row-major)."""
    if GstAnalytics is None:
        raise RuntimeError("GstTensorMeta needs GStreamer 1.26+ and "
                           "python3-gi's GstAnalytics typelib")
    tmeta = GstAnalytics.buffer_get_tensor_meta(buffer)
    if tmeta is None:
        raise ValueError("the buffer carries no GstTensorMeta")
    index = tmeta.get_index_from_id(GLib.quark_from_string(tensor_id))
    if index < 0:
        raise ValueError("no tensor %r in the GstTensorMeta" % tensor_id)
    tensor = tmeta.get(index)
    if tensor.dims_order != GstAnalytics.TensorDimOrder.ROW_MAJOR:
        raise ValueError("tensor %r is not row-major" % tensor_id)
    # by value: PyGObject's enums have value_nick before 3.50 (Debian 13),
    # not after (sid)
    t = GstAnalytics.TensorDataType
    typestrs = {int(t.FLOAT32): "<f4", int(t.FLOAT16): "<f2",
                int(t.UINT8): "|u1", int(t.INT8): "|i1"}
    typestr = typestrs.get(int(tensor.data_type))
    if typestr is None:
        raise ValueError("tensor %r has type %s" % (tensor_id,
                                                     tensor.data_type))
    return CudaTensorView(tensor.data, list(tensor.get_dims()), typestr)


def share_primary_context(pipeline, device):
    """Makes the pipeline's CUDA elements work in @device's primary context,
    the CUDA runtime's (PyTorch's and CuPy's), so that the tensor's pointer
    and stream are theirs too.  Returns the function that releases it
    (after the pipeline is in NULL)."""
    gi.require_version("GstCuda", "1.0")
    from gi.repository import GstCuda
    drv = ctypes.CDLL("libcuda.so.1")
    dev, ctx = ctypes.c_int(), ctypes.c_void_p()
    release = getattr(drv, "cuDevicePrimaryCtxRelease_v2", None) or \
        drv.cuDevicePrimaryCtxRelease
    if drv.cuInit(0) != 0 or drv.cuDeviceGet(ctypes.byref(dev), device) or \
            drv.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev) != 0:
        raise RuntimeError("cannot retain CUDA device %d's primary context" %
                           device)
    gst_ctx = GstCuda.CudaContext.new_wrapped(ctx.value, dev.value)
    pipeline.set_context(GstCuda.context_new_cuda_context(gst_ctx))
    return lambda: release(dev)


def channel_axis(shape):
    """NCHW's channels are axis 1, NHWC's the last (3 or 1 of them)."""
    return 1 if shape[1] in (1, 3) else len(shape) - 1


def torch_consumer():
    """The per-channel means on the GPU with PyTorch, or None."""
    try:
        import torch
        if not torch.cuda.is_available():
            return None
    except ImportError:
        return None

    def consume(view):
        if view.stream is not None:
            # PyTorch reads the interface's shape, typestr, data and strides
            # but not its stream: order its current stream after the
            # element's (no host wait)
            torch.cuda.current_stream().wait_stream(
                torch.cuda.ExternalStream(view.stream))
        t = torch.as_tensor(view, device="cuda")
        assert t.data_ptr() == view.ptr, "PyTorch copied the tensor"
        axis = channel_axis(view.shape)
        dims = [d for d in range(t.dim()) if d != axis]
        # tolist () waits for the result: the view may go after it
        return t.float().mean(dim=dims).tolist()
    return "torch", consume


def cupy_consumer():
    """The per-channel means on the GPU with CuPy, or None."""
    try:
        import cupy
        if cupy.cuda.runtime.getDeviceCount() == 0:
            return None
    except Exception:                   # ImportError, or no driver/GPU
        return None

    def consume(view):
        # CuPy waits for the interface's stream itself (with its default
        # CUPY_CUDA_ARRAY_INTERFACE_SYNC=1)
        a = cupy.asarray(view)
        assert a.data.ptr == view.ptr, "CuPy copied the tensor"
        axis = channel_axis(view.shape)
        dims = tuple(d for d in range(a.ndim) if d != axis)
        return cupy.asnumpy(a.astype(cupy.float32).mean(axis=dims)).tolist()
    return "cupy", consume


def process_sample(sample, meta=False, tensor_id="input", consumer=None):
    """What main () does with a sample: its tensor as a view, handed to
    @consumer (torch_consumer ()'s or cupy_consumer ()'s) or described,
    then closed.  Returns the line to print."""
    if meta:
        view = view_of_tensor_meta(sample.get_buffer(), tensor_id)
    else:
        view = view_of_sample(sample)
    with view:
        if consumer is None:
            return repr(view)
        means = consumer[1](view)
        return "%s %s, channel means (%s, on the GPU) %s" % (
            list(view.shape), view.typestr, consumer[0],
            [round(m, 4) for m in means])


def main(argv=None):
    import argparse
    parser = argparse.ArgumentParser(
        description="cudapreproc's CUDA tensors in PyTorch or CuPy, "
        "without a copy (__cuda_array_interface__)")
    parser.add_argument("pipeline", nargs="?", help="everything before the "
                        "appsink (default: %s)" % PIPELINE)
    parser.add_argument("--meta", action="store_true", help="output-mode="
                        "meta: the tensor from the video's GstTensorMeta "
                        "(GStreamer 1.26+)")
    parser.add_argument("--tensor-id", default="input",
                        help="with --meta, the tensor's id (tensor-id)")
    parser.add_argument("--device", type=int, default=0,
                        help="the CUDA device of PyTorch or CuPy (0)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds before giving up (60)")
    parser.add_argument("--print-only", action="store_true",
                        help="print the tensors, even with PyTorch or CuPy")
    args = parser.parse_args(argv)

    Gst.init(None)
    if args.meta and GstAnalytics is None:
        print("--meta needs GStreamer 1.26+ and the GstAnalytics typelib "
              "(gir1.2-gst-plugins-bad-1.0)", file=sys.stderr)
        return 2
    head = args.pipeline or (PIPELINE.replace(
        "cudapreproc ", "cudapreproc output-mode=meta ") if args.meta
        else PIPELINE)
    sink_caps = "video/x-raw(memory:CUDAMemory)" if args.meta else \
        "other/tensors(memory:CUDAMemory)"
    try:
        pipeline = Gst.parse_launch(
            "%s ! appsink name=sink caps=\"%s\" max-buffers=2 sync=false" %
            (head, sink_caps))
    except GLib.Error as e:
        print("bad pipeline: %s" % e.message, file=sys.stderr)
        return 2

    consumer = None if args.print_only else \
        (torch_consumer() or cupy_consumer())
    release_context = None
    if consumer is not None:
        if consumer[0] == "torch":
            import torch
            torch.cuda.set_device(args.device)
        else:
            import cupy
            cupy.cuda.Device(args.device).use()
        release_context = share_primary_context(pipeline, args.device)

    def on_sample(sample):
        print("tensor %d: %s" % (on_sample.n, process_sample(
            sample, args.meta, args.tensor_id, consumer)))
        on_sample.n += 1
    on_sample.n = 0

    try:
        n = run_pipeline(pipeline, on_sample, args.timeout)
    except (PipelineError, TimeoutError, ValueError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 1
    finally:
        if release_context is not None:
            release_context()
    if n == 0:
        print("error: no tensor came", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
