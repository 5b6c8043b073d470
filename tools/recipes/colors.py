#!/usr/bin/python3
# gst-cudapreproc: how far cudapreproc's colours are from OpenCV's.
#
#   tools/recipes/colors.py [IMAGE] [--plugin-path DIR]
#
# OpenCV's cvtColor (and so Ultralytics' and most OpenCV-based training
# pipelines) converts YUV with BT.601 limited range, whatever the stream's
# colorimetry.  This script takes an image (any file cv2.imread reads; a
# synthetic gradient with noise when none is given), makes an I420 frame of
# it, and compares, on the same frame tagged BT.709 as a decoder would:
#   OpenCV: cvtColor (COLOR_YUV2BGR_I420), resize (INTER_LINEAR), / 255;
#   cudapreproc with color-matrix=bt601 color-range=limited
#   channel-order=bgr (docs/recipes.md), and with the caps' BT.709.
# It prints the mean and largest difference in steps of 1/255.  Needs
# Debian's python3-opencv, python3-numpy, python3-gi and the plugin (a
# build's gst/ folder, --plugin-path).  Measuring only: nothing in the
# build or the tests runs it.
import argparse
import os
import sys

import cv2
import numpy as np
import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

OUT_W, OUT_H = 640, 384


def source_image(path):
    if path:
        img = cv2.imread(path, cv2.IMREAD_COLOR)
        if img is None:
            sys.exit("cannot read %s" % path)
        return cv2.resize(img, (1280, 720), interpolation=cv2.INTER_AREA)
    rng = np.random.default_rng(1)
    y, x = np.mgrid[0:720, 0:1280]
    img = np.stack([x * 255 / 1279, y * 255 / 719,
                    (x + y) * 255 / 1998], axis=-1)
    img += rng.normal(0, 12, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def element_tensor(i420, props, plugin_path):
    os.environ["GST_PLUGIN_PATH"] = plugin_path
    Gst.init(None)
    desc = ("appsrc name=src caps=video/x-raw,format=I420,width=1280,"
            "height=720,framerate=1/1,colorimetry=bt709 ! cudapreproc "
            "width=%d height=%d %s ! appsink name=sink sync=false"
            % (OUT_W, OUT_H, props))
    pipe = Gst.parse_launch(desc)
    pipe.set_state(Gst.State.PLAYING)
    pipe.get_by_name("src").emit("push-buffer",
                                 Gst.Buffer.new_wrapped(i420.tobytes()))
    sample = pipe.get_by_name("sink").emit("pull-sample")
    buf = sample.get_buffer()
    ok, info = buf.map(Gst.MapFlags.READ)
    t = np.frombuffer(info.data, dtype=np.float32).copy()
    buf.unmap(info)
    pipe.set_state(Gst.State.NULL)
    return t.reshape(3, OUT_H, OUT_W)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("image", nargs="?")
    ap.add_argument("--plugin-path", default="build/gst")
    args = ap.parse_args()
    i420 = cv2.cvtColor(source_image(args.image), cv2.COLOR_BGR2YUV_I420)
    bgr = cv2.cvtColor(i420, cv2.COLOR_YUV2BGR_I420)
    cv = cv2.resize(bgr, (OUT_W, OUT_H), interpolation=cv2.INTER_LINEAR)
    cv = cv.astype(np.float64).transpose(2, 0, 1)       # BGR planes, 0..255
    for name, props in [
            ("recipe: color-matrix=bt601 color-range=limited",
             "color-matrix=bt601 color-range=limited channel-order=bgr"),
            ("the caps' bt709 (no override)", "channel-order=bgr")]:
        t = element_tensor(i420, props, args.plugin_path) * 255.0
        d = np.abs(t - cv)
        print("%-48s mean %.3f/255, max %.1f/255" % (name, d.mean(), d.max()))


if __name__ == "__main__":
    main()
