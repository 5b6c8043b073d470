#!/usr/bin/python3
# gst-cudapreproc: NNStreamer's elements on cudapreproc's and
# cudapreprocbatch's tensors (docs/nnstreamer.md).
#
#   tools/nnstreamer/check.py GROUP...
#
# GROUP is custom, python3, split, transform, sink, decoder or batch.  Run by
# tools/nnstreamer/check.sh, which builds NNStreamer and the plugin and
# sets the environment this needs: GST_PLUGIN_PATH (the plugin and
# NNStreamer's build), NNSTREAMER_CONF, PYTHONPATH (NNStreamer's
# nnstreamer_python module) and NNS_CHECK_LIBS (the directory of the custom
# filters it compiled).  Each check plays a pipeline of videotestsrc NV12
# frames (the CPU path) to EOS and compares what NNStreamer's element gives
# with the tensor cudapreproc gives alone into a fakesink, or in the same
# run through a tee, and prints one line:
#
#   PASS|FAIL <element> <mode>: <what>
#
# Exits 1 when a check failed.  Needs Debian's python3 (the one NNStreamer's
# python3 filter embeds), python3-gi and python3-numpy.  Not run by the
# build or the tests.

import os
import re
import sys

import gi
import numpy as np

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
LIBS = os.environ.get("NNS_CHECK_LIBS", "")
PYFILTER = os.path.join(HERE, "pyfilter.py")
N = 4                           # frames per run
SRC = ("videotestsrc name=src0 num-buffers=%d pattern=smpte "
       "horizontal-speed=7 ! "
       "video/x-raw,format=NV12,width=320,height=240,framerate=30/1" % N)
# two cameras of different formats and sizes for cudapreprocbatch name=b
BATCH_SRC = (
    "videotestsrc name=src0 num-buffers=%d pattern=smpte horizontal-speed=7 "
    "! video/x-raw,format=NV12,width=320,height=240,framerate=30/1 ! b.sink_0 "
    "videotestsrc name=src1 num-buffers=%d pattern=ball ! "
    "video/x-raw,format=I420,width=160,height=120,framerate=30/1 ! b.sink_1"
    % (N, N))
SOURCES = ("src0", "src1")
HEADER = 128                    # NNStreamer's flexible tensor header
NP_TYPES = {"float32": np.float32, "float16": np.float16, "uint8": np.uint8,
            "int8": np.int8}
BOX_META = "GstCudaPreprocBoxMeta"

failed = 0


def report(ok, element, mode, what):
    global failed
    if not ok:
        failed += 1
    print("%s %s %s: %s" % ("PASS" if ok else "FAIL", element, mode, what),
          flush=True)


def custom(lib, props=""):
    return ("tensor_filter framework=custom model=%s/lib%s.so %s"
            % (LIBS, lib, props)).rstrip()


def declared(dims, type_name):
    """the custom filter that declares its input, as a model does"""
    return custom("declared-passthrough",
                  "custom=dims=%s,type=%s" % (dims, type_name))


# NNStreamer's own passthrough examples (tests/nnstreamer_example)
NNS_PASSTHROUGH = custom("nnstreamer_customfilter_example_passthrough")
NNS_VARIABLE = custom("nnstreamer_customfilter_example_passthrough_variable")


def python3(args):
    return ('tensor_filter framework=python3 model=%s custom="%s"'
            % (PYFILTER, args))


class Sunk(object):
    """What one sink got: each buffer's bytes, memory sizes and box meta."""

    def __init__(self):
        self.buffers = []
        self.metas = []
        self.caps = None
        self.stream_starts = 0
        self.eos = 0

    def grab(self, buf, pad):
        caps = pad.get_current_caps()
        self.caps = caps.to_string() if caps is not None else None
        self.buffers.append(buf.extract_dup(0, buf.get_size()))
        meta = buf.get_custom_meta(BOX_META)
        self.metas.append(meta.get_structure().to_string()
                          if meta is not None else None)


class Run(object):
    """Plays a pipeline description to EOS (or an error, or a timeout)."""

    def __init__(self, desc, sinks, pads=(), timeout=60):
        self.desc = desc
        self.error = None
        self.warnings = []
        self.got = {}
        self.caps = {}
        pipe = Gst.parse_launch(desc)
        for name in sinks:
            self.got[name] = self._connect(pipe.get_by_name(name))
        bus = pipe.get_bus()
        if pipe.set_state(Gst.State.PLAYING) == Gst.StateChangeReturn.FAILURE:
            self.error = "the pipeline does not start"
        types = (Gst.MessageType.EOS | Gst.MessageType.ERROR |
                 Gst.MessageType.WARNING)
        while self.error is None:
            msg = bus.timed_pop_filtered(timeout * Gst.SECOND, types)
            if msg is None:
                self.error = "no EOS after %d s" % timeout
            elif msg.type == Gst.MessageType.EOS:
                break
            elif msg.type == Gst.MessageType.ERROR:
                err, _ = msg.parse_error()
                self.error = "%s: %s" % (msg.src.get_name(), err.message)
            else:
                warn, _ = msg.parse_warning()
                self.warnings.append("%s: %s" % (msg.src.get_name(),
                                                 warn.message))
        for elem, pad_name in pads:
            pad = pipe.get_by_name(elem).get_static_pad(pad_name)
            caps = pad.get_current_caps()
            self.caps[elem] = caps.to_string() if caps is not None else None
        if self.error:
            # after an error, the sinks (unblocking a thread waiting for
            # preroll) then the sources (stopping their streaming threads)
            # before the rest: NNStreamer's python3 filter crashes when it
            # closes while a streaming thread still negotiates through it
            # (PYCore::getCbType () on a deleted core)
            for name in list(sinks) + list(SOURCES):
                elem = pipe.get_by_name(name)
                if elem is not None:
                    elem.set_state(Gst.State.NULL)
        pipe.set_state(Gst.State.NULL)

    @staticmethod
    def _connect(sink):
        s = Sunk()
        pad = sink.get_static_pad("sink")
        if sink.get_factory().get_name() == "tensor_sink":
            sink.connect("new-data", lambda e, buf: s.grab(buf, pad))
            sink.connect("stream-start", lambda e: setattr(
                s, "stream_starts", s.stream_starts + 1))
            sink.connect("eos", lambda e: setattr(s, "eos", s.eos + 1))
        else:
            sink.set_property("signal-handoffs", True)
            sink.connect("handoff", lambda e, buf, p: s.grab(buf, pad))
        return s


def caps_of(caps_str):
    """other/tensor DIMS TYPE, other/tensors DIMS TYPES or ...flexible"""
    if caps_str is None:
        return "(no caps)"
    st = Gst.Caps.from_string(caps_str).get_structure(0)
    if st.get_name() == "other/tensor":
        return "other/tensor %s %s" % (st.get_string("dimension"),
                                       st.get_string("type"))
    if st.get_string("format") == "flexible":
        return "other/tensors,format=flexible"
    return "other/tensors %s %s" % (st.get_string("dimensions"),
                                    st.get_string("types"))


def dims_type(caps_str):
    st = Gst.Caps.from_string(caps_str).get_structure(0)
    if st.get_name() == "other/tensor":
        return st.get_string("dimension"), st.get_string("type")
    return st.get_string("dimensions"), st.get_string("types")


def payloads(sunk):
    """each buffer's tensor: the flexible header dropped"""
    skip = HEADER if "flexible" in (sunk.caps or "") else 0
    return [b[skip:] for b in sunk.buffers]


def first_difference(got, want):
    if len(got) != len(want):
        return "%d buffers, cudapreproc gives %d" % (len(got), len(want))
    for k, (g, w) in enumerate(zip(got, want)):
        if len(g) != len(w):
            return "buffer %d: %d bytes, expected %d" % (k, len(g), len(w))
        if g != w:
            i = next(i for i in range(len(g)) if g[i] != w[i])
            return "buffer %d: byte %d is 0x%02x, expected 0x%02x" % (
                k, i, g[i], w[i])
    return None


def reference(props, src=SRC, element="cudapreproc"):
    """cudapreproc PROPS alone into a fakesink: its tensors"""
    if element == "cudapreprocbatch":
        desc = "cudapreprocbatch name=b %s ! fakesink name=ref %s" % (
            props, src)
    else:
        desc = "%s ! cudapreproc %s ! fakesink name=ref" % (src, props)
    r = Run(desc, ["ref"])
    if r.error:
        raise RuntimeError("the reference run failed: %s; pipeline: %s" % (
            r.error, desc))
    return r.got["ref"]


def guarded(check):
    """a check that fails, rather than stops the group, on an exception"""
    def run_check(*args, **kwargs):
        try:
            check(*args, **kwargs)
        except Exception as e:
            report(False, check.__name__, " ".join(str(a) for a in args[:2]),
                   "%s: %s" % (type(e).__name__, e))
    return run_check


def fail_run(element, mode, r):
    report(False, element, mode, "%s; pipeline: %s" % (r.error, r.desc))


def warned(r):
    """the run's warnings, for the line"""
    return "; warned: %s" % " / ".join(r.warnings) if r.warnings else ""


@guarded
def through(element, mode, props, middle, explicit, want_dims=None,
            src_element="cudapreproc"):
    """cudapreproc PROPS ! MIDDLE ! tensor_sink: negotiates, runs to EOS and
    gives the bytes of cudapreproc EXPLICIT alone"""
    if src_element == "cudapreprocbatch":
        desc = ("cudapreprocbatch name=pre %s ! %s ! tensor_sink name=out %s"
                % (props, middle, BATCH_SRC.replace("b.sink", "pre.sink")))
        src = BATCH_SRC
    else:
        desc = "%s ! cudapreproc name=pre %s ! %s ! tensor_sink name=out" % (
            SRC, props, middle)
        src = SRC
    r = Run(desc, ["out"], pads=[("pre", "src")])
    if r.error:
        return fail_run(element, mode, r)
    out = r.got["out"]
    ref = reference(explicit, src, src_element)
    diff = first_difference(payloads(out), payloads(ref))
    neg = r.caps["pre"]
    if diff is None and want_dims and dims_type(neg)[0] != want_dims:
        diff = "negotiated dimensions %s, expected %s" % (
            dims_type(neg)[0], want_dims)
    if diff is None and len(out.buffers) != N:
        diff = "%d buffers, %d pushed" % (len(out.buffers), N)
    what = "%s props [%s] negotiated %s, out %s%s" % (
        src_element, props or "none", caps_of(neg), caps_of(out.caps),
        warned(r))
    if diff:
        return report(False, element, mode, "%s: %s; pipeline: %s" % (
            what, diff, desc))
    kept = sum(m is not None for m in out.metas)
    report(True, element, mode, "%s; %d buffers to EOS, bytes = %s %s; box "
           "meta on %d of %d out buffers" % (what, len(out.buffers),
                                             src_element, explicit, kept,
                                             len(out.buffers)))


def check_custom():
    el = "tensor_filter:custom"
    # the filter declares its input: downstream chooses the tensor
    through(el, "static, filter declares 64:48:3:1 float32 (rank 4)", "",
            declared("64:48:3:1", "float32"), "width=64 height=48",
            "64:48:3:1")
    through(el, "static, filter declares 64:48:3 float32 (rank 3)", "",
            declared("64:48:3", "float32"), "width=64 height=48", "64:48:3")
    through(el, "static other/tensors caps, filter declares 64:48:3:1", "",
            "other/tensors,format=static ! " +
            declared("64:48:3:1", "float32"), "width=64 height=48",
            "64:48:3:1")
    through(el, "static, filter declares 32:24:3:1 float16", "",
            declared("32:24:3:1", "float16"),
            "width=32 height=24 data-type=float16", "32:24:3:1")
    through(el, "static, filter declares 3:40:30:1 uint8 (NHWC)", "",
            declared("3:40:30:1", "uint8"),
            "width=40 height=30 layout=nhwc data-type=uint8", "3:40:30:1")
    through(el, "static, filter declares 3:40:30 uint8 (NHWC rank 3)", "",
            declared("3:40:30", "uint8"),
            "width=40 height=30 layout=nhwc data-type=uint8", "3:40:30")
    through(el, "static, filter declares 3:16:16:1 int8 (NHWC)", "",
            declared("3:16:16:1", "int8"),
            "width=16 height=16 layout=nhwc data-type=int8", "3:16:16:1")
    through(el, "static, NNStreamer's passthrough example (3:280:40:1 uint8)",
            "", NNS_PASSTHROUGH,
            "width=280 height=40 layout=nhwc data-type=uint8", "3:280:40:1")
    through(el, "static, batch of 2, filter declares 32:24:3:2 float32", "",
            declared("32:24:3:2", "float32"),
            "width=32 height=24 batch-size=2", "32:24:3:2")
    # properties set: the same filter, and the one that takes any input
    through(el, "static, properties set, filter declares the same",
            "width=64 height=48", declared("64:48:3:1", "float32"),
            "width=64 height=48", "64:48:3:1")
    through(el, "static other/tensors, properties set, any-input filter",
            "width=64 height=48", "other/tensors,format=static ! " +
            NNS_VARIABLE, "width=64 height=48", "64:48:3:1")
    through(el, "static rank 3 caps, properties set, any-input filter",
            "width=64 height=48",
            "other/tensors,format=static,dimensions=64:48:3 ! " + NNS_VARIABLE,
            "width=64 height=48", "64:48:3")
    through(el, "static, properties set float16, any-input filter",
            "width=32 height=24 data-type=float16", NNS_VARIABLE,
            "width=32 height=24 data-type=float16")
    through(el, "static, properties set uint8 NHWC, any-input filter",
            "width=40 height=30 layout=nhwc data-type=uint8", NNS_VARIABLE,
            "width=40 height=30 layout=nhwc data-type=uint8")
    through(el, "static, properties set int8 NHWC, any-input filter",
            "width=16 height=16 layout=nhwc data-type=int8", NNS_VARIABLE,
            "width=16 height=16 layout=nhwc data-type=int8")
    # the legacy other/tensor
    through(el, "legacy other/tensor, filter declares 64:48:3:1", "",
            "other/tensor ! " + declared("64:48:3:1", "float32"),
            "width=64 height=48", "64:48:3:1")
    through(el, "legacy other/tensor, properties set uint8 NHWC",
            "width=40 height=30 layout=nhwc data-type=uint8",
            "other/tensor ! " + NNS_VARIABLE,
            "width=40 height=30 layout=nhwc data-type=uint8", "3:40:30:1")
    # flexible: the shape travels in each buffer's header, not in the caps
    through(el, "flexible, properties set, filter declares the same",
            "width=64 height=48", "other/tensors,format=flexible ! " +
            declared("64:48:3:1", "float32"), "width=64 height=48")
    # an any-input filter takes flexible tensors only with input= and
    # inputtype=, and gives flexible ones only with output= and outputtype=
    # (NNStreamer's limits: tensor_converter's flexible tensors fare alike)
    through(el, "flexible in and out, properties set uint8, any-input filter "
            "with input=/output=", "width=40 height=30 layout=nhwc "
            "data-type=uint8", "other/tensors,format=flexible ! " +
            custom("nnstreamer_customfilter_example_passthrough_variable",
                   "input=3:40:30:1 inputtype=uint8 output=3:40:30:1 "
                   "outputtype=uint8") + " ! other/tensors,format=flexible",
            "width=40 height=30 layout=nhwc data-type=uint8")


def means_of(tensor, dims, layout):
    shape = tuple(reversed([int(d) for d in dims.split(":")]))
    t = np.reshape(tensor, shape).astype(np.float64)
    axis = t.ndim - 1 - (2 if layout == "nchw" else 0)
    return t.mean(axis=tuple(i for i in range(t.ndim) if i != axis))


@guarded
def means(mode, props, layout, middle=""):
    """the python filter's per-channel means against numpy's of the tensor
    cudapreproc gave in the same run (a tee)"""
    el = "tensor_filter:python3"
    desc = ("%s ! cudapreproc name=pre %s ! %stee name=t "
            "t. ! queue ! %s ! tensor_sink name=out "
            "t. ! queue ! fakesink name=ref" % (SRC, props, middle,
                                                python3("means " + layout)))
    r = Run(desc, ["out", "ref"], pads=[("pre", "src")])
    if r.error:
        return fail_run(el, mode, r)
    out, ref = r.got["out"], r.got["ref"]
    dims, type_name = dims_type(r.caps["pre"])
    worst, diff = 0.0, None
    if len(out.buffers) != N or len(ref.buffers) != N:
        diff = "%d means, %d tensors, %d frames" % (
            len(out.buffers), len(ref.buffers), N)
    for got, want in zip(out.buffers, ref.buffers):
        if diff:
            break
        m = np.frombuffer(got, np.float32)
        w = means_of(np.frombuffer(want, NP_TYPES[type_name]), dims, layout)
        if m.shape != (3,):
            diff = "%d values, expected 3" % m.size
            break
        worst = max(worst, float(np.max(np.abs(m - w))))
        if not np.allclose(m, w, rtol=1e-6, atol=1e-6):
            diff = "means %s, numpy gives %s" % (m, w)
    what = "negotiated %s, out %s%s" % (caps_of(r.caps["pre"]),
                                        caps_of(out.caps), warned(r))
    if diff:
        return report(False, el, mode, "%s: %s; pipeline: %s" % (what, diff,
                                                                 desc))
    report(True, el, mode, "%s; %d frames, per-channel means = numpy's of the "
           "tensor from the same run (largest difference %.2g; first %s)" % (
               what, N, worst, np.round(np.frombuffer(out.buffers[0],
                                                      np.float32), 4)))


def python3_declared(dims, type_name):
    """a python filter that declares its input (getInputDim), with
    tensor_filter's input=/output= saying the same: without them
    NNStreamer's python3 filter gives empty tensors (its input info is
    read before getInputDim is called)"""
    return ("%s input=%s inputtype=%s output=%s outputtype=%s" % (
        python3("declare %s %s" % (dims, type_name)), dims, type_name, dims,
        type_name))


def check_python3():
    el = "tensor_filter:python3"
    through(el, "static, filter declares 64:48:3:1 float32 (rank 4)", "",
            python3_declared("64:48:3:1", "float32"), "width=64 height=48",
            "64:48:3:1")
    through(el, "static, filter declares 3:40:30 uint8 (NHWC rank 3)", "",
            python3_declared("3:40:30", "uint8"),
            "width=40 height=30 layout=nhwc data-type=uint8", "3:40:30")
    through(el, "static, properties set int8 NHWC, any-input filter",
            "width=16 height=16 layout=nhwc data-type=int8", python3("pass"),
            "width=16 height=16 layout=nhwc data-type=int8")
    # a filter whose output differs from its input, taking any input
    # (setInputDim): NNStreamer answers the caps query with its output's
    # shape and type first
    imagenet = ('width=64 height=48 mean="<0.485,0.456,0.406>" '
                'std="<0.229,0.224,0.225>"')
    means("per-channel means, float32 NCHW", imagenet, "nchw")
    means("per-channel means, float32 NCHW, other/tensors,format=static "
          "capsfilter", imagenet, "nchw", "other/tensors,format=static ! ")
    means("per-channel means, uint8 NHWC",
          "width=40 height=30 layout=nhwc data-type=uint8", "nhwc")
    means("per-channel means, uint8 NHWC, other/tensors,format=static "
          "capsfilter", "width=40 height=30 layout=nhwc data-type=uint8",
          "nhwc", "other/tensors,format=static ! ")


def meta_fields(meta):
    """batch-size, valid-slots, slot-bytes and the number of slots"""
    st = Gst.Structure.from_string(meta)[0]
    f = {}
    for key in ("batch-size", "valid-slots"):
        ok, v = st.get_uint(key)
        f[key] = v if ok else None
    ok, v = st.get_uint64("slot-bytes")
    f["slot-bytes"] = v if ok else None
    f["slots"] = len(re.findall(r"index\\?=", meta))
    return f


@guarded
def split(mode, props, seg, slots):
    el = "tensor_split"
    segs = ",".join([seg] * slots)
    branches = " ".join("s.src_%d ! queue ! tensor_sink name=out%d" % (i, i)
                        for i in range(slots))
    desc = ("%s ! cudapreproc name=pre %s ! tensor_split name=s tensorseg=%s "
            "%s" % (SRC, props, segs, branches))
    names = ["out%d" % i for i in range(slots)]
    r = Run(desc, names, pads=[("pre", "src")])
    if r.error:
        return fail_run(el, mode, r)
    ref = reference(props)
    diff = None
    for i, name in enumerate(names):
        want = []
        for b in ref.buffers:
            size = len(b) // slots
            want.append(b[i * size:(i + 1) * size])
        diff = first_difference(r.got[name].buffers, want)
        if diff:
            diff = "slot %d: %s" % (i, diff)
            break
    what = "negotiated %s, split into %d x %s%s" % (
        caps_of(r.caps["pre"]), slots, caps_of(r.got[names[0]].caps),
        warned(r))
    if diff:
        return report(False, el, mode, "%s: %s; pipeline: %s" % (what, diff,
                                                                 desc))
    report(True, el, mode, "%s; %d buffers each, slot i's bytes = slot i of "
           "cudapreproc %s" % (what, N, props))
    # the box meta: what each split buffer carries
    metas = [r.got[name].metas for name in names]
    present = all(m is not None for ms in metas for m in ms)
    if not present:
        return report(False, el, mode + ", box meta",
                      "a split buffer has no %s" % BOX_META)
    same = all(m == ref.metas[k] for ms in metas for k, m in enumerate(ms))
    f = meta_fields(metas[0][0])
    slot_bytes = len(r.got[names[0]].buffers[0])
    report(same, el, mode + ", box meta",
           "every split buffer carries the whole %s of the batch, %s "
           "cudapreproc's (batch-size=%s, valid-slots=%s, slot-bytes=%s, "
           "%d slots), though it holds one slot of %d bytes: src_N holds "
           "slot N, the meta does not say so" % (BOX_META, "unchanged from"
                                                 if same
                                else "DIFFERENT from", f["batch-size"],
                                f["valid-slots"], f["slot-bytes"], f["slots"],
                                slot_bytes))


def check_split():
    split("rois, 2 slots float32 NCHW",
          'rois="<<0,0,160,120>,<160,120,160,120>>" width=32 height=24',
          "32:24:3:1", 2)
    split("batch-size=3, uint8 NHWC rank 3 segments",
          "batch-size=3 width=32 height=24 layout=nhwc data-type=uint8",
          "3:32:24", 3)


@guarded
def transform(mode, props, middle, explicit, fn, want_type,
              src_element="cudapreproc"):
    """tensor_transform's output against FN of cudapreproc EXPLICIT's
    tensor; the tensor's type must be WANT_TYPE"""
    if src_element == "cudapreprocbatch":
        el = "cudapreprocbatch+tensor_transform"
        desc = ("cudapreprocbatch name=pre %s ! %s ! tensor_sink name=out %s"
                % (props, middle, BATCH_SRC.replace("b.sink", "pre.sink")))
        src = BATCH_SRC
    else:
        el = "tensor_transform"
        desc = "%s ! cudapreproc name=pre %s ! %s ! tensor_sink name=out" % (
            SRC, props, middle)
        src = SRC
    r = Run(desc, ["out"], pads=[("pre", "src")])
    if r.error:
        return fail_run(el, mode, r)
    out = r.got["out"]
    ref = reference(explicit, src, src_element)
    in_type = dims_type(r.caps["pre"])[1]
    out_type = dims_type(out.caps)[1]
    diff = None
    if in_type != want_type:
        diff = "cudapreproc gave %s, expected %s" % (in_type, want_type)
    elif len(out.buffers) != N:
        diff = "%d buffers, %d pushed" % (len(out.buffers), N)
    worst = 0.0
    for got, want in zip(out.buffers, ref.buffers):
        if diff:
            break
        g = np.frombuffer(got, NP_TYPES[out_type]).astype(np.float64)
        w = fn(np.frombuffer(want, NP_TYPES[in_type]))
        if g.shape != w.shape:
            diff = "%d values, expected %d" % (g.size, w.size)
            break
        worst = max(worst, float(np.max(np.abs(g - w))))
        if worst > 1e-5:
            i = int(np.argmax(np.abs(g - w)))
            diff = "value %d is %r, expected %r" % (i, g[i], w[i])
    what = "negotiated %s, out %s%s" % (caps_of(r.caps["pre"]),
                                        caps_of(out.caps), warned(r))
    if diff:
        return report(False, el, mode, "%s: %s; pipeline: %s" % (what, diff,
                                                                 desc))
    report(True, el, mode, "%s; %d buffers, values = numpy's of %s %s "
           "(largest difference %.2g)" % (what, N, src_element, explicit,
                                          worst))


def check_transform():
    u8 = "width=32 height=24 layout=nhwc data-type=uint8"
    f32 = "width=32 height=24"
    same = lambda t: t.astype(np.float64)  # noqa: E731
    transform("typecast option=float32 after data-type=uint8", u8,
              "tensor_transform mode=typecast option=float32", u8, same,
              "uint8")
    transform("typecast option=float32 after data-type=uint8, types=uint8 "
              "capsfilter", u8, "other/tensors,types=uint8 ! "
              "tensor_transform mode=typecast option=float32", u8, same,
              "uint8")
    transform("typecast option=float32, data-type unset",
              "width=32 height=24 layout=nhwc",
              "tensor_transform mode=typecast option=float32",
              "width=32 height=24 layout=nhwc", same, "float32")
    transform("arithmetic mul:2,add:-1 on float32", f32,
              "tensor_transform mode=arithmetic option=mul:2.0,add:-1.0", f32,
              lambda t: (t * np.float32(2.0) + np.float32(-1.0)).astype(
                  np.float64), "float32")
    transform("arithmetic typecast:float32,add:-127.5,div:127.5 on uint8, "
              "types=uint8 capsfilter", u8, "other/tensors,types=uint8 ! "
              "tensor_transform mode=arithmetic "
              "option=typecast:float32,add:-127.5,div:127.5", u8,
              lambda t: ((t.astype(np.float32) + np.float32(-127.5)) /
                         np.float32(127.5)).astype(np.float64), "uint8")


@guarded
def check_sink():
    el = "tensor_sink"
    props = "width=32 height=24"
    desc = "%s ! cudapreproc %s ! tensor_sink name=out emit-signal=true" % (
        SRC, props)
    r = Run(desc, ["out"])
    if r.error:
        return fail_run(el, "signals", r)
    out = r.got["out"]
    ref = reference(props)
    diff = first_difference(out.buffers, ref.buffers)
    if diff is None and (out.stream_starts != 1 or out.eos != 1):
        diff = "stream-start %d times, eos %d times" % (out.stream_starts,
                                                        out.eos)
    if diff is None and any(m is None for m in out.metas):
        diff = "a buffer without %s" % BOX_META
    what = ("stream-start %d, new-data %d, eos %d for %d frames, caps %s%s"
            % (out.stream_starts, len(out.buffers), out.eos, N,
               caps_of(out.caps), warned(r)))
    if diff:
        return report(False, el, "signals", "%s: %s; pipeline: %s" % (
            what, diff, desc))
    report(True, el, "signals", "%s; each new-data buffer = cudapreproc's "
           "tensor, with its %s" % (what, BOX_META))


@guarded
def check_decoder():
    el = "tensor_decoder"
    mode = "direct_video, uint8 NHWC to RGB"
    props = "width=40 height=30 layout=nhwc data-type=uint8"
    desc = ("%s ! cudapreproc name=pre %s ! tensor_decoder mode=direct_video "
            "! video/x-raw,format=RGB ! fakesink name=out" % (SRC, props))
    r = Run(desc, ["out"], pads=[("pre", "src")])
    if r.error:
        return fail_run(el, mode, r)
    out = r.got["out"]
    diff = first_difference(out.buffers, reference(props).buffers)
    what = "negotiated %s, out %s%s" % (
        caps_of(r.caps["pre"]), out.caps.split(",")[0] + " RGB 40x30",
        warned(r))
    if diff:
        return report(False, el, mode, "%s: %s; pipeline: %s" % (what, diff,
                                                                 desc))
    report(True, el, mode, "%s; %d frames, bytes = cudapreproc %s" % (
        what, len(out.buffers), props))


def check_batch():
    el = "cudapreprocbatch+tensor_filter:custom"
    through(el, "static, filter declares 40:30:3:2 float32", "",
            declared("40:30:3:2", "float32"), "width=40 height=30",
            "40:30:3:2", src_element="cudapreprocbatch")
    through(el, "static, properties set uint8 NHWC, any-input filter",
            "width=40 height=30 layout=nhwc data-type=uint8", NNS_VARIABLE,
            "width=40 height=30 layout=nhwc data-type=uint8", "3:40:30:2",
            src_element="cudapreprocbatch")
    through(el, "legacy other/tensor, filter declares 3:40:30:2 uint8", "",
            "other/tensor ! " + declared("3:40:30:2", "uint8"),
            "width=40 height=30 layout=nhwc data-type=uint8", "3:40:30:2",
            src_element="cudapreprocbatch")
    u8 = "width=40 height=30 layout=nhwc data-type=uint8"
    transform("typecast option=float32 after data-type=uint8", u8,
              "tensor_transform mode=typecast option=float32", u8,
              lambda t: t.astype(np.float64), "uint8",
              src_element="cudapreprocbatch")


GROUPS = {"custom": check_custom, "python3": check_python3,
          "split": check_split, "transform": check_transform,
          "sink": check_sink, "decoder": check_decoder,
          "batch": check_batch}


def main():
    names = sys.argv[1:] or sorted(GROUPS)
    unknown = [n for n in names if n not in GROUPS]
    if unknown:
        sys.exit("usage: %s [%s]..." % (sys.argv[0], "|".join(sorted(GROUPS))))
    Gst.init(None)
    for name in names:
        try:
            GROUPS[name]()
        except Exception as e:  # the harness itself
            report(False, name, "(harness)", "%s: %s" % (type(e).__name__, e))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
