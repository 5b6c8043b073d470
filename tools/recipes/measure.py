#!/usr/bin/python3
# gst-cudapreproc: cudapreproc against the preprocessing models are trained
# with (docs/recipes.md).
#
#   tools/recipes/measure.py [IMAGE ...] [--plugin-path DIR]
#
# For each image (any file cv2.imread reads; without one, a 1920x1080 zone
# plate made by videotestsrc, the hardest case for aliasing), fed to the
# element as RGB (no YUV conversion in the comparison), it runs each
# recipe's reference in Python and the element with the properties the
# recipe gives, and prints the mean and largest difference of the two
# tensors in steps of 1/255 of the 0..255 pixel scale.  Needs Debian's
# python3-torch, python3-torchvision, python3-opencv, python3-pil,
# python3-numpy and python3-gi.  Measuring only: nothing in the build or
# the tests runs it.
import argparse
import os
import sys

import cv2
import numpy as np
import torch
import torchvision.transforms as T
from PIL import Image
import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

IMAGENET = "mean=\"<0.485,0.456,0.406>\" std=\"<0.229,0.224,0.225>\""
MEAN = np.array([0.485, 0.456, 0.406])[:, None, None]
STD = np.array([0.229, 0.224, 0.225])[:, None, None]


def element(rgb, props, fmt="RGB"):
    """The element's float32 NCHW tensor for an HxWx3 uint8 image."""
    h, w = rgb.shape[:2]
    desc = ("appsrc name=src caps=video/x-raw,format=%s,width=%d,height=%d,"
            "framerate=1/1 ! cudapreproc %s ! appsink name=sink sync=false"
            % (fmt, w, h, props))
    pipe = Gst.parse_launch(desc)
    pipe.set_state(Gst.State.PLAYING)
    pipe.get_by_name("src").emit("push-buffer",
                                 Gst.Buffer.new_wrapped(rgb.tobytes()))
    sample = pipe.get_by_name("sink").emit("pull-sample")
    s = sample.get_caps().get_structure(0)
    dims = [int(d) for d in s.get_string("dimensions").split(":")][::-1]
    buf = sample.get_buffer()
    ok, info = buf.map(Gst.MapFlags.READ)
    t = np.frombuffer(info.data, dtype=np.float32).copy().reshape(dims)
    buf.unmap(info)
    pipe.set_state(Gst.State.NULL)
    return t[0].astype(np.float64)


def unnormalize(t, imagenet):
    return (t * STD + MEAN) * 255.0 if imagenet else t * 255.0


def torchvision_eval(rgb, size, crop, pil):
    """Resize (size, antialias) + CenterCrop (crop), as 0..1 floats: on a
    PIL image (8-bit resize, as most evaluation code) or a float tensor."""
    tr = T.Compose([T.Resize(size), T.CenterCrop(crop)])
    if pil:
        return np.asarray(tr(Image.fromarray(rgb)), np.float64) \
            .transpose(2, 0, 1) / 255.0
    x = torch.from_numpy(rgb).permute(2, 0, 1).double() / 255.0
    tr = T.Compose([T.Resize(size, antialias=True), T.CenterCrop(crop)])
    return tr(x).numpy()


def ultralytics_letterbox(bgr, new=640):
    """Ultralytics' LetterBox (v8): Python's round, cv2 INTER_LINEAR,
    centred with 114; as RGB 0..1."""
    h, w = bgr.shape[:2]
    r = min(new / h, new / w)
    unpad = int(round(w * r)), int(round(h * r))
    dw, dh = (new - unpad[0]) / 2, (new - unpad[1]) / 2
    img = bgr
    if (w, h) != unpad:
        img = cv2.resize(bgr, unpad, interpolation=cv2.INTER_LINEAR)
    top, bottom = int(round(dh - 0.1)), int(round(dh + 0.1))
    left, right = int(round(dw - 0.1)), int(round(dw + 0.1))
    img = cv2.copyMakeBorder(img, top, bottom, left, right,
                             cv2.BORDER_CONSTANT, value=(114, 114, 114))
    return img[:, :, ::-1].transpose(2, 0, 1).astype(np.float64) / 255.0


def blob(bgr, crop):
    """OpenCV blobFromImage (size 224, swapRB, scale 1/255)."""
    b = cv2.dnn.blobFromImage(bgr, 1 / 255.0, (224, 224), swapRB=True,
                              crop=crop)
    return b[0].astype(np.float64)


def recipes(rgb):
    bgr = np.ascontiguousarray(rgb[:, :, ::-1])
    cover = "width=224 height=224 aspect=cover antialias=true " + IMAGENET
    yield ("torchvision eval, Resize(256)+CenterCrop(224), float tensor",
           "crop-fraction=0.875 " + cover,
           torchvision_eval(rgb, 256, 224, False), True)
    yield ("torchvision eval, Resize(256)+CenterCrop(224), PIL image",
           "crop-fraction=0.875 " + cover,
           torchvision_eval(rgb, 256, 224, True), True)
    yield ("  the same without antialias=true (plain bilinear)",
           "crop-fraction=0.875 width=224 height=224 aspect=cover "
           + IMAGENET, torchvision_eval(rgb, 256, 224, False), True)
    yield ("timm crop_pct 0.95 (Resize(235)+CenterCrop(224)), float",
           "crop-fraction=0.95 " + cover,
           torchvision_eval(rgb, 235, 224, False), True)
    yield ("Ultralytics LetterBox(640)",
           "width=640 height=640 aspect=letterbox letterbox-rounding="
           "half-even pad-value=114", ultralytics_letterbox(bgr), False)
    yield ("OpenCV blobFromImage 224, crop=false",
           "width=224 height=224", blob(bgr, False), False)
    yield ("OpenCV blobFromImage 224, crop=true",
           "width=224 height=224 aspect=cover", blob(bgr, True), False)


def zone_plate():
    Gst.init(None)
    pipe = Gst.parse_launch(
        "videotestsrc num-buffers=1 pattern=zone-plate kx2=20 ky2=20 "
        "kt=1 ! video/x-raw,format=RGB,width=1920,height=1080 ! "
        "appsink name=sink")
    pipe.set_state(Gst.State.PLAYING)
    sample = pipe.get_by_name("sink").emit("pull-sample")
    buf = sample.get_buffer()
    ok, info = buf.map(Gst.MapFlags.READ)
    stride = (1920 * 3 + 3) // 4 * 4
    img = np.frombuffer(info.data, np.uint8).reshape(1080, stride)
    img = img[:, :1920 * 3].reshape(1080, 1920, 3).copy()
    buf.unmap(info)
    pipe.set_state(Gst.State.NULL)
    return img


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("images", nargs="*")
    ap.add_argument("--plugin-path", default="build/gst")
    args = ap.parse_args()
    os.environ["GST_PLUGIN_PATH"] = args.plugin_path
    Gst.init(None)
    sources = [(p, cv2.imread(p)[:, :, ::-1].copy()) for p in args.images]
    if not sources:
        sources = [("zone plate 1920x1080", zone_plate())]
    for name, rgb in sources:
        print("%s (%dx%d)" % (name, rgb.shape[1], rgb.shape[0]))
        for what, props, ref, imagenet in recipes(np.ascontiguousarray(rgb)):
            got = unnormalize(element(rgb, props), imagenet)
            d = np.abs(got - ref * 255.0)
            print("  %-62s mean %.3f/255, max %.1f/255" % (what, d.mean(),
                                                            d.max()))


if __name__ == "__main__":
    sys.exit(main())
