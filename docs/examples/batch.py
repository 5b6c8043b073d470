#!/usr/bin/python3
# gst-cudapreproc: four cameras into one batch, and each slot's detections
# back to its camera (docs/batching.md).
#
# Four test sources of different formats and sizes go into one
# cudapreprocbatch; an appsink application takes each batch as a numpy
# array shaped from the caps, and for each slot reads from the box meta
# which stream (pad) and which frame (its PTS) it holds, and maps a point
# of the tensor (a detection's centre) back to that camera's pixels.
# Run with the plugin on GST_PLUGIN_PATH; needs python3-gi,
# python3-gst-1.0 and python3-numpy (exits 77 without them: the test
# suite runs it as "python-batch-example").

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gstexample import first_structure, require, run_pipeline  # noqa: E402

Gst = require(numpy=True)
import numpy as np  # noqa: E402

CAMERAS = [("NV12", 1280, 720), ("I420", 640, 480), ("RGBA", 320, 240),
           ("YUY2", 400, 300)]

PIPELINE = "cudapreprocbatch name=b width=640 height=640 aspect=letterbox ! " \
    "appsink name=sink sync=false " + " ".join(
        "videotestsrc num-buffers=3 ! video/x-raw,format=%s,width=%d,"
        "height=%d ! b.sink_%d" % (f, w, h, i)
        for i, (f, w, h) in enumerate(CAMERAS))


def tensor_of(sample):
    """The buffer as a numpy array of the caps' shape, outermost first."""
    s = first_structure(sample.get_caps())
    dims = [int(d) for d in s.get_string("dimensions").split(":")]
    buf = sample.get_buffer()
    ok, info = buf.map(Gst.MapFlags.READ)
    assert ok
    array = np.frombuffer(info.data, dtype=np.float32).copy()
    buf.unmap(info)
    return array.reshape(dims[::-1])    # 640:640:3:4 is [4, 3, 640, 640]


def slots_of(buffer):
    """The box meta's slots, each a dict of its fields."""
    meta = buffer.get_custom_meta("GstCudaPreprocBoxMeta")
    assert meta is not None, "no box meta"
    return [{k: slot.get_value(k) for k in (
        "valid", "stream", "stream-index", "pts", "x", "y", "scale-x",
        "scale-y", "offset-x", "offset-y")}
        for slot in meta.get_structure().get_value("slots")]


def to_frame(slot, tx, ty):
    """Tensor point (tx, ty) of a slot back to its camera's pixels."""
    return (slot["x"] + (tx - slot["offset-x"]) / slot["scale-x"],
            slot["y"] + (ty - slot["offset-y"]) / slot["scale-y"])


def on_sample(sample, n):
    t = tensor_of(sample)
    print("batch %d: shape %s" % (n, t.shape))
    assert t.shape == (4, 3, 640, 640)
    for i, slot in enumerate(slots_of(sample.get_buffer())):
        # a detection at the tensor's centre, in its camera's frame
        fx, fy = to_frame(slot, 320.0, 320.0)
        fmt, w, h = CAMERAS[slot["stream-index"]]
        print("  slot %d: %s (%s %dx%d), frame pts %d: tensor (320, 320)"
              " is (%.1f, %.1f)" % (i, slot["stream"], fmt, w, h,
                                    slot["pts"], fx, fy))
        # what this example promises, checked: slot i is sink_i, and the
        # tensor's centre is its camera's centre
        assert slot["valid"] and slot["stream"] == "sink_%d" % i
        assert (fx, fy) == (w / 2, h / 2)


def main():
    pipe = Gst.parse_launch(PIPELINE)
    count = []
    # a timeout, and an error on the bus ends it with its message
    n = run_pipeline(pipe, lambda s: (on_sample(s, len(count)),
                                      count.append(s)), timeout=60)
    assert n == 3, "expected 3 batches, got %d" % n


if __name__ == "__main__":
    main()
