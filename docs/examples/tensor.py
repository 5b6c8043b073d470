#!/usr/bin/python3
# gst-cudapreproc: reading cudapreproc's tensors from Python.
#
#   GST_PLUGIN_PATH=build/gst docs/examples/tensor.py
#
# Runs a pipeline into an appsink, turns each buffer into a numpy array
# shaped from the caps (NNStreamer's dimensions are innermost first), and
# maps a point of the tensor back to the frame with the box meta
# (docs/meta.md).  Needs Debian's python3-gi, python3-gst-1.0 (GStreamer's
# Python overrides: the box meta's slots are a GstValueArray) and
# python3-numpy.  The test suite runs it (tests/meson.build,
# "python-example"), where they are installed; it exits 77 (skipped) where
# they are not.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gstexample import first_structure, require, run_pipeline  # noqa: E402

Gst = require(numpy=True)
import numpy as np  # noqa: E402

PIPELINE = ("videotestsrc num-buffers=2 pattern=smpte ! "
            "video/x-raw,format=I420,width=1280,height=720 ! "
            "cudapreproc width=640 height=640 aspect=letterbox "
            "rois=\"<<0,0,1280,720>,<320,180,640,360>>\" ! "
            "appsink name=sink sync=false")

NUMPY_TYPES = {"float32": np.float32, "float16": np.float16,
               "uint8": np.uint8, "int8": np.int8}


def tensor_of(sample):
    """The buffer as a numpy array of the caps' shape, outermost first."""
    s = first_structure(sample.get_caps())
    dims = [int(d) for d in s.get_string("dimensions").split(":")]
    dtype = NUMPY_TYPES[s.get_string("types")]
    buf = sample.get_buffer()
    ok, info = buf.map(Gst.MapFlags.READ)
    assert ok
    array = np.frombuffer(info.data, dtype=dtype).copy()
    buf.unmap(info)
    return array.reshape(dims[::-1])    # 640:640:3:2 is [2, 3, 640, 640]


def slots_of(buffer):
    """The box meta's slots: (x, y, width, height, scale, offset) each."""
    meta = buffer.get_custom_meta("GstCudaPreprocBoxMeta")
    assert meta is not None, "no box meta"
    box = meta.get_structure()
    out = []
    slots = box.get_value("slots")
    for slot in slots:
        if not slot.get_value("valid"):
            continue
        out.append({k: slot.get_value(k) for k in (
            "x", "y", "width", "height", "scale-x", "scale-y",
            "offset-x", "offset-y")})
    return out


def to_frame(slot, tx, ty):
    """Tensor point (tx, ty) of a slot back to frame pixels."""
    return (slot["x"] + (tx - slot["offset-x"]) / slot["scale-x"],
            slot["y"] + (ty - slot["offset-y"]) / slot["scale-y"])


def on_sample(sample, n):
    t = tensor_of(sample)
    slots = slots_of(sample.get_buffer())
    print("tensor %d: shape %s %s, channel means %s" % (
        n, t.shape, t.dtype, np.round(t.mean(axis=(0, 2, 3)), 4)))
    for i, slot in enumerate(slots):
        # the centre of the tensor, a detection there, in the frame
        fx, fy = to_frame(slot, 320.0, 320.0)
        print("  slot %d: tensor (320, 320) is frame (%.1f, %.1f)" % (
            i, fx, fy))
    # what this example promises, checked: the shape, the letterbox band
    # (pad 114, x/255), and the two slots' centres
    assert t.shape == (2, 3, 640, 640) and t.dtype == np.float32
    assert abs(t[0, 0, 0, 0] - 114 / 255) < 1e-6
    assert len(slots) == 2
    assert to_frame(slots[0], 320, 320) == (640.0, 360.0)
    assert to_frame(slots[1], 320, 320) == (640.0, 360.0)


def main():
    pipe = Gst.parse_launch(PIPELINE)
    count = []
    # a timeout, and an error on the bus ends it with its message
    n = run_pipeline(pipe, lambda s: (on_sample(s, len(count)),
                                      count.append(s)), timeout=60)
    assert n == 2, "expected 2 tensors, got %d" % n


if __name__ == "__main__":
    main()
