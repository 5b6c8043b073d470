#!/usr/bin/python3
# gst-cudapreproc: cudapreproc against the preprocessing models are trained
# with (docs/recipes.md).
#
#   GST_PLUGIN_PATH is set from --plugin-path (default build/gst):
#   /usr/bin/python3 tools/recipes/measure.py [IMAGE ...] [--plugin-path DIR]
#
# Frames.  Each image (any file cv2.imread reads; the docs use the rust
# embedded-book's f3.jpg), videotestsrc's 1920x1080 zone plate and a
# synthetic 1280x720 dark frame (near-black noise with saturated shapes:
# the codec's ringing leaves Y < 16 and out-of-gamut YUV) are encoded as a
# decoder would get them: videoconvert to I420 tagged BT.601
# (colorimetry=bt601), x264enc (quantizer 24, one intra frame), and decoded
# again with avdec_h264.  The dark frame is also encoded 4:2:2 (Y42B,
# High 4:2:2).  Decoded frames are the inputs; the script checks that PyAV
# decodes the same planes.
#
# Inputs.  Every recipe runs twice per frame:
#   RGB: the element and the reference both get the RGB that the library's
#        own loader makes of the decoded frame: cv2.cvtColor
#        (COLOR_YUV2RGB_I420; COLOR_YUV2RGB_YUY2 for 4:2:2) for the
#        OpenCV-based recipes, PyAV's frame.to_ndarray(format='rgb24')
#        (swscale's default, as torchvision.io.read_video) for the
#        torchvision and timm ones: geometry and filtering only;
#   YUV: the element gets the decoded frame itself as NV12 (Y42B for
#        4:2:2), the reference that loader's RGB: conversion included.
# The element's output from I420 is checked to be identical to NV12's.
#
# Output.  Markdown tables ready to paste into docs/recipes.md: per input,
# per frame, the mean and largest difference of the two tensors in steps
# of 1/255 of the 0..255 pixel scale (normalization undone).  A row whose
# properties or enum values this build of the element does not have (found
# with find_property and the enum's values) prints "not available in this
# build", so the script runs unchanged before and after they land.  Then
# the clamp-order effect (the element's float model with the clamp after
# the resize, against an RGB pipeline's clamp before it), checks of the
# conversion-only references (cvtColor's luma footroom clamp, PyAV against
# the ffmpeg program, videoconvert on flat grey frames), crop-rect's
# intended sampling in float against blobFromImage(crop=true) (a check of
# the formula while the property is pending), and the sweep of
# interpolation=nearest-floor against cv2.resize INTER_NEAREST.
#
# Needs Debian's python3-torch, python3-torchvision, python3-opencv,
# python3-pil, python3-numpy, python3-av, python3-gi, the ffmpeg program
# and GStreamer's x264enc (plugins-ugly) and avdec_h264 (libav).
# Measuring only: nothing in the build or the tests runs it.
import argparse
import math
import os
import re
import shlex
import subprocess
import sys
import tempfile

import av
import cv2
import numpy as np
import torch
import torchvision.transforms as T
from PIL import Image
import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstVideo", "1.0")
from gi.repository import GObject, Gst, GstVideo  # noqa: E402

IMAGENET = "mean=\"<0.485,0.456,0.406>\" std=\"<0.229,0.224,0.225>\""
MEAN = np.array([0.485, 0.456, 0.406])[:, None, None]
STD = np.array([0.229, 0.224, 0.225])[:, None, None]
# BT.601 limited range, float (docs/semantics.md section 3).
BT601 = np.array([[1.164384, 0, 1.596027, -222.9216],
                  [1.164384, -0.391762, -0.812968, 135.5753],
                  [1.164384, 2.017232, 0, -276.8358]])
QUANTIZER = 24
NA = "not available in this build"


# ---------------------------------------------------------------- element

def props_available(props):
    """Whether every NAME=VALUE of props exists in this build: the property
    (find_property) and, for an enum, the value's nick."""
    el = Gst.ElementFactory.make("cudapreproc")
    for tok in shlex.split(props):
        name, _, value = tok.partition("=")
        ps = el.find_property(name)
        if ps is None:
            return False
        if GObject.type_is_a(ps.value_type, GObject.TYPE_ENUM):
            nicks = [v.value_nick for v in ps.enum_class.__enum_values__
                     .values()]
            if value not in nicks:
                return False
    return True


def run_pipeline(caps, data, tail):
    """Push one buffer with caps through `tail`, return the sample."""
    pipe = Gst.parse_launch("appsrc name=src caps=%s ! %s ! appsink "
                            "name=sink sync=false" % (caps, tail))
    pipe.set_state(Gst.State.PLAYING)
    pipe.get_by_name("src").emit("push-buffer", Gst.Buffer.new_wrapped(data))
    pipe.get_by_name("src").emit("end-of-stream")
    sample = pipe.get_by_name("sink").emit("pull-sample")
    pipe.set_state(Gst.State.NULL)
    if sample is None:
        raise RuntimeError("no output from %s" % tail)
    return sample


def element(frame, props):
    """The element's float32 NCHW tensor (first slot, float64)."""
    sample = run_pipeline(frame.caps, frame.data, "cudapreproc " + props)
    s = sample.get_caps().get_structure(0)
    dims = [int(d) for d in s.get_string("dimensions").split(":")][::-1]
    buf = sample.get_buffer()
    ok, info = buf.map(Gst.MapFlags.READ)
    t = np.frombuffer(info.data, dtype=np.float32).copy().reshape(dims)
    buf.unmap(info)
    return t[0].astype(np.float64)


def video_sample_rgb(sample):
    """HxWx3 uint8 of an RGB sample, strides honoured."""
    vi = GstVideo.VideoInfo.new_from_caps(sample.get_caps())
    buf = sample.get_buffer()
    ok, info = buf.map(Gst.MapFlags.READ)
    a = np.frombuffer(info.data, np.uint8)[:vi.stride[0] * vi.height]
    img = a.reshape(vi.height, vi.stride[0])[:, :vi.width * 3]
    img = img.reshape(vi.height, vi.width, 3).copy()
    buf.unmap(info)
    return img


class Frame:
    """What the element is fed: caps and bytes."""
    def __init__(self, caps, data):
        self.caps, self.data = caps, data


def rgb_frame(rgb):
    h, w = rgb.shape[:2]
    assert (w * 3) % 4 == 0
    return Frame("video/x-raw,format=RGB,width=%d,height=%d,framerate=1/1"
                 % (w, h), rgb.tobytes())


# ----------------------------------------------------------------- frames

def zone_plate():
    pipe = Gst.parse_launch(
        "videotestsrc num-buffers=1 pattern=zone-plate kx2=20 ky2=20 "
        "kt=1 ! video/x-raw,format=RGB,width=1920,height=1080 ! "
        "appsink name=sink")
    pipe.set_state(Gst.State.PLAYING)
    img = video_sample_rgb(pipe.get_by_name("sink").emit("pull-sample"))
    pipe.set_state(Gst.State.NULL)
    return img


def dark_frame():
    """1280x720: near-black noise, a black band, saturated shapes."""
    rng = np.random.default_rng(7)
    y, x = np.mgrid[0:720, 0:1280]
    img = np.stack([4 + 14 * x / 1279, 3 + 10 * y / 719,
                    6 + 8 * (x + y) / 1998], -1)
    img = img + rng.normal(0, 4, img.shape)
    img[:, 560:720] = 0                                    # black band
    img[100:260, 100:400] = (255, 0, 0)                    # red
    img[400:600, 200:500] = (0, 0, 255)                    # blue
    img[300:340, 700:1200] = (255, 255, 0)                 # yellow bar
    img[::48, 800:1250] = 255                              # white lines
    img[500:660, 850:1150] = (0, 255, 255) * (x[500:660, 850:1150, None]
                                              % 16 < 8)    # cyan stripes
    return np.clip(img, 0, 255).astype(np.uint8)


def encode_decode(rgb, chroma, path):
    """x264enc + avdec_h264 of an RGB image; (caps, planes Y, U, V)."""
    h, w = rgb.shape[:2]
    fmt = "I420" if chroma == 420 else "Y42B"     # High (4:2:2) Intra
    pipe = Gst.parse_launch(
        "appsrc name=src format=time caps=video/x-raw,format=RGB,width=%d,"
        "height=%d,framerate=1/1 ! videoconvert ! video/x-raw,format=%s,"
        "colorimetry=bt601 ! x264enc pass=quant quantizer=%d key-int-max=1 "
        "! video/x-h264,stream-format=byte-stream ! filesink location=%s"
        % (w, h, fmt, QUANTIZER, path))
    pipe.set_state(Gst.State.PLAYING)
    buf = Gst.Buffer.new_wrapped(rgb.tobytes())
    buf.pts, buf.duration = 0, Gst.SECOND
    pipe.get_by_name("src").emit("push-buffer", buf)
    pipe.get_by_name("src").emit("end-of-stream")
    pipe.get_bus().timed_pop_filtered(Gst.CLOCK_TIME_NONE,
                                      Gst.MessageType.EOS
                                      | Gst.MessageType.ERROR)
    pipe.set_state(Gst.State.NULL)
    pipe = Gst.parse_launch("filesrc location=%s ! h264parse ! avdec_h264 "
                            "! appsink name=sink" % path)
    pipe.set_state(Gst.State.PLAYING)
    sample = pipe.get_by_name("sink").emit("pull-sample")
    caps = sample.get_caps()
    vi = GstVideo.VideoInfo.new_from_caps(caps)
    buf = sample.get_buffer()
    ok, info = buf.map(Gst.MapFlags.READ)
    raw = np.frombuffer(info.data, np.uint8)
    planes = []
    for i in range(3):
        pw = w if i == 0 else w // 2
        ph = h if i == 0 or chroma == 422 else h // 2
        p = raw[vi.offset[i]:vi.offset[i] + vi.stride[i] * ph]
        planes.append(p.reshape(ph, vi.stride[i])[:, :pw].copy())
    buf.unmap(info)
    pipe.set_state(Gst.State.NULL)
    return caps.get_structure(0), planes


class Decoded:
    """One decoded frame, its loaders' RGBs and the element's inputs."""
    def __init__(self, name, rgb, chroma, tmp):
        h, w = rgb.shape[:2]
        rgb = np.ascontiguousarray(rgb[:h // 2 * 2, :w // 4 * 4])
        self.h, self.w = rgb.shape[:2]
        self.name, self.chroma = name, chroma
        self.path = os.path.join(tmp, "%s-%d.h264" % (name.split()[0],
                                                      chroma))
        s, (self.Y, self.U, self.V) = encode_decode(rgb, chroma, self.path)
        self.colorimetry = s.get_string("colorimetry")
        self.site = s.get_string("chroma-site")
        self.check_pyav()
        self.cv = self.cvtcolor()

    def check_pyav(self):
        with av.open(self.path) as c:
            f = next(c.decode(video=0))
        planes = [np.frombuffer(p, np.uint8).reshape(-1, p.line_size)
                  [:, :p.width] for p in f.planes]
        for a, b in zip(planes, (self.Y, self.U, self.V)):
            assert np.array_equal(a[:b.shape[0]], b), "PyAV decodes other"
        self.av = f.to_ndarray(format="rgb24")

    def cvtcolor(self):
        if self.chroma == 420:
            i420 = np.concatenate([self.Y.ravel(), self.U.ravel(),
                                   self.V.ravel()]).reshape(-1, self.w)
            return cv2.cvtColor(i420, cv2.COLOR_YUV2RGB_I420)
        yuy2 = np.empty((self.h, self.w, 2), np.uint8)
        yuy2[:, :, 0] = self.Y
        yuy2[:, 0::2, 1], yuy2[:, 1::2, 1] = self.U, self.V
        return cv2.cvtColor(yuy2, cv2.COLOR_YUV2RGB_YUY2)

    def caps(self, fmt):
        return ("video/x-raw,format=%s,width=%d,height=%d,framerate=1/1,"
                "colorimetry=%s,chroma-site=%s"
                % (fmt, self.w, self.h, self.colorimetry, self.site))

    def yuv(self, fmt=None):
        """The decoded frame as NV12 (4:2:0) or Y42B, or as I420."""
        if self.chroma == 422:
            return Frame(self.caps("Y42B"), b"".join(
                p.tobytes() for p in (self.Y, self.U, self.V)))
        if fmt == "I420":
            return Frame(self.caps("I420"), b"".join(
                p.tobytes() for p in (self.Y, self.U, self.V)))
        uv = np.stack([self.U, self.V], -1)
        return Frame(self.caps("NV12"), self.Y.tobytes() + uv.tobytes())

    def ffmpeg(self, flags=None):
        cmd = ["ffmpeg", "-v", "error", "-i", self.path]
        if flags:
            cmd += ["-sws_flags", flags]
        cmd += ["-pix_fmt", "rgb24", "-f", "rawvideo", "-"]
        out = subprocess.run(cmd, check=True, capture_output=True).stdout
        return np.frombuffer(out, np.uint8).reshape(self.h, self.w, 3)

    def videoconvert(self):
        f = self.yuv()
        return video_sample_rgb(run_pipeline(
            f.caps, f.data, "videoconvert ! video/x-raw,format=RGB"))

    def float_rgb(self):
        """BT.601 limited float RGB of every pixel, nearest chroma, not
        clamped (the element's conversion before its clamp)."""
        sy = 2 if self.chroma == 420 else 1
        U = np.repeat(np.repeat(self.U, 2, 1), sy, 0).astype(np.float64)
        V = np.repeat(np.repeat(self.V, 2, 1), sy, 0).astype(np.float64)
        yuv1 = np.stack([self.Y.astype(np.float64), U, V,
                         np.ones_like(U)], -1)
        return yuv1 @ BT601.T

    def stats(self):
        f = self.float_rgb()
        out = ((f < -0.5) | (f > 255.5)).any(-1)
        return ((self.Y < 16).sum(), self.Y.size, out.sum())


# ------------------------------------------------------------- references

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


def torch_float(rgbf, size, crop, antialias):
    """torchvision Resize + CenterCrop on a float 0..255 HxWx3 array."""
    x = torch.from_numpy(np.ascontiguousarray(rgbf)).permute(2, 0, 1)
    tr = T.Compose([T.Resize(size, antialias=antialias), T.CenterCrop(crop)])
    return tr(x).numpy()


def timm_pil(rgb, crop_pct, interp, mode="center", size=224,
             mean=(0.485, 0.456, 0.406)):
    """timm's eval transform (transforms_imagenet_eval) on a PIL image, by
    hand: 'center': Resize(floor(size / crop_pct)) of the shorter side +
    CenterCrop; 'border': ResizeKeepRatio(longest=1) + CenterCropOrPad
    with fill round(255 * mean).  ToTensor: 0..1."""
    img = Image.fromarray(rgb)
    scale = math.floor(size / crop_pct)
    if mode == "center":
        img = T.CenterCrop(size)(T.Resize(scale, interpolation=interp)(img))
    else:
        w, h = img.size
        ratio = max(h / scale, w / scale)
        nh, nw = round(h / ratio), round(w / ratio)
        img = img.resize((nw, nh), {T.InterpolationMode.BILINEAR:
                                    Image.BILINEAR,
                                    T.InterpolationMode.BICUBIC:
                                    Image.BICUBIC}[interp])
        fill = tuple(round(255 * v) for v in mean)
        canvas = Image.new("RGB", (max(nw, size), max(nh, size)), fill)
        canvas.paste(img, ((max(nw, size) - nw) // 2,
                           (max(nh, size) - nh) // 2))
        cw, ch = canvas.size
        top, left = int(round((ch - size) / 2)), int(round((cw - size) / 2))
        img = canvas.crop((left, top, left + size, top + size))
    return np.asarray(img, np.float64).transpose(2, 0, 1) / 255.0


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


def yolox_preproc(bgr, size=(640, 640)):
    """YOLOX's preproc (yolox/data/data_augment.py): 114 canvas, cv2
    INTER_LINEAR to int(h * r) x int(w * r) at the top left; BGR, 0..255,
    no normalization."""
    padded = np.ones((size[0], size[1], 3), np.uint8) * 114
    r = min(size[0] / bgr.shape[0], size[1] / bgr.shape[1])
    nh, nw = int(bgr.shape[0] * r), int(bgr.shape[1] * r)
    padded[:nh, :nw] = cv2.resize(bgr, (nw, nh),
                                  interpolation=cv2.INTER_LINEAR)
    return padded.transpose(2, 0, 1).astype(np.float64)


def blob(bgr, crop):
    """OpenCV blobFromImage (size 224, swapRB, scale 1/255)."""
    b = cv2.dnn.blobFromImage(bgr, 1 / 255.0, (224, 224), swapRB=True,
                              crop=crop)
    return b[0].astype(np.float64)


def blob_crop_rect(w, h, size=224):
    """crop-rect reproducing blobFromImage(crop=true) (OpenCV 4.6
    dnn.cpp blobFromImages): factor = max(size / (float)w, size /
    (float)h) in float32; resize(Size(), factor, factor) makes
    round(w * factor) x round(h * factor) with source positions
    (o + 0.5) / factor - 0.5; then Rect(Point(0.5 * (cols - size), ...))
    truncates: ox = floor((R - size) / 2).  In source pixels: x = ox /
    factor, w = size / factor.  The float32 factor makes size / factor
    a hair longer than the short side (1080.0000385 for 1080): the window
    is cut at the frame's edge (the element refuses windows that leave
    the frame), which moves the sample positions by less than 4e-5 px."""
    f = float(max(np.float32(size) / np.float32(w),
                  np.float32(size) / np.float32(h)))
    cols, rows = int(np.rint(w * f)), int(np.rint(h * f))
    ox, oy = (cols - size) // 2, (rows - size) // 2
    return "crop-rect=\"<%r,%r,%r,%r>\"" % (ox / f, oy / f,
                                            min(size / f, w - ox / f),
                                            min(size / f, h - oy / f))


# ---------------------------------------------------------------- recipes
# (what, properties, reference(rgb) -> CHW, output scale, loader, yuv_only)
# output scale: "imagenet" (normalized), "unit" (0..1), "pixel" (0..255).
# loader: "cv" (cv2.cvtColor), "av" (PyAV rgb24) or a name of Decoded's
# own RGBs for the conversion rows.

def recipes(d):
    cover = "width=224 height=224 aspect=cover antialias=true " + IMAGENET
    BIL, BIC = T.InterpolationMode.BILINEAR, T.InterpolationMode.BICUBIC
    bgr = lambda rgb: np.ascontiguousarray(rgb[:, :, ::-1])  # noqa: E731
    yield ("torchvision eval `Resize(256)` + `CenterCrop(224)`, float tensor",
           "crop-fraction=0.875 " + cover,
           lambda rgb: torchvision_eval(rgb, 256, 224, False),
           "imagenet", "av", False)
    yield ("the same on a PIL image (8-bit resize)",
           "crop-fraction=0.875 " + cover,
           lambda rgb: torchvision_eval(rgb, 256, 224, True),
           "imagenet", "av", False)
    yield ("the same float tensor, element without `antialias=true`",
           "crop-fraction=0.875 width=224 height=224 aspect=cover "
           + IMAGENET, lambda rgb: torchvision_eval(rgb, 256, 224, False),
           "imagenet", "av", False)
    yield ("timm `crop_pct` 0.95 (`Resize(235)` + `CenterCrop(224)`), "
           "float tensor", "crop-fraction=0.95 " + cover,
           lambda rgb: torchvision_eval(rgb, 235, 224, False),
           "imagenet", "av", False)
    yield ("timm resnet50.a1_in1k (`crop_pct` 0.95, bicubic, PIL image)",
           "crop-fraction=0.95 interpolation=bicubic " + cover,
           lambda rgb: timm_pil(rgb, 0.95, BIC), "imagenet", "av", False)
    yield ("the same, element bilinear (closest in this build)",
           "crop-fraction=0.95 " + cover,
           lambda rgb: timm_pil(rgb, 0.95, BIC), "imagenet", "av", False)
    yield ("timm `crop_mode='border'`, `crop_pct` 1.0, bilinear, PIL image",
           "width=224 height=224 aspect=letterbox letterbox-rounding="
           "half-even antialias=true pad-values=\"<124,116,104>\" "
           + IMAGENET,
           lambda rgb: timm_pil(rgb, 1.0, BIL, "border"), "imagenet", "av",
           False)
    yield ("Ultralytics `LetterBox(640)`",
           "width=640 height=640 aspect=letterbox letterbox-rounding="
           "half-even pad-value=114",
           lambda rgb: ultralytics_letterbox(bgr(rgb)), "unit", "cv", False)
    yield ("YOLOX `preproc` (640, BGR, 0..255)",
           "width=640 height=640 aspect=letterbox letterbox-rounding=floor "
           "letterbox-align=top-left pad-value=114 channel-order=bgr "
           "scale=1", lambda rgb: yolox_preproc(bgr(rgb)), "pixel", "cv",
           False)
    yield ("OpenCV `blobFromImage(224, swapRB, crop=false)`",
           "width=224 height=224",
           lambda rgb: blob(bgr(rgb), False), "unit", "cv", False)
    for cc in ("opencv", "opencv-8bit"):
        yield ("the same, `color-conversion=%s`" % cc,
               "width=224 height=224 color-conversion=" + cc,
               lambda rgb: blob(bgr(rgb), False), "unit", "cv", True)
    yield ("OpenCV `blobFromImage(224, swapRB, crop=true)`, `aspect=cover`"
           " (closest in this build)", "width=224 height=224 "
           "aspect=cover", lambda rgb: blob(bgr(rgb), True), "unit", "cv",
           False)
    rect = blob_crop_rect(d.w, d.h)
    yield ("the same with `crop-rect` (x = ox / factor, w = 224 / factor)",
           "width=224 height=224 " + rect,
           lambda rgb: blob(bgr(rgb), True), "unit", "cv", False)
    for cc in ("opencv", "opencv-8bit"):
        yield ("the same, `crop-rect`, `color-conversion=%s`" % cc,
               "width=224 height=224 color-conversion=%s %s"
               % (cc, rect), lambda rgb: blob(bgr(rgb), True), "unit", "cv",
               True)
    # Conversion only (no resize): the decoded frame's RGB by each tool.
    same = "width=%d height=%d " % (d.w, d.h)
    ident = lambda rgb: rgb.transpose(2, 0, 1) / 255.0  # noqa: E731
    yield ("`cv2.cvtColor` RGB, no resize", same, ident, "unit", "cv",
           True)
    for cc in ("opencv", "opencv-8bit"):
        yield ("the same, `color-conversion=%s`" % cc,
               same + "color-conversion=" + cc, ident, "unit", "cv",
               True)
    yield ("PyAV `to_ndarray(format='rgb24')` (swscale default)",
           same, ident, "unit", "av", True)
    yield ("`ffmpeg -pix_fmt rgb24` (swscale default flags)", same,
           ident, "unit", "ffmpeg", True)
    yield ("`ffmpeg -sws_flags bilinear+full_chroma_int+accurate_rnd`",
           same, ident, "unit", "ffmpeg-full", True)
    yield ("the same, `chroma-interpolation=bilinear`",
           same + "chroma-interpolation=bilinear", ident, "unit",
           "ffmpeg-full", True)
    yield ("the same, `chroma-interpolation=swscale`",
           same + "chroma-interpolation=swscale", ident, "unit",
           "ffmpeg-full", True)
    yield ("`videoconvert` RGB", same, ident, "unit", "videoconvert", True)
    yield ("the same, `chroma-interpolation=bilinear`",
           same + "chroma-interpolation=bilinear", ident, "unit",
           "videoconvert", True)
    yield ("the same, `color-conversion=videoconvert`",
           same + "color-conversion=videoconvert "
           "chroma-interpolation=bilinear", ident, "unit", "videoconvert",
           True)


LOADERS = {"cv": "cvtColor", "av": "PyAV rgb24", "ffmpeg": "ffmpeg",
           "ffmpeg-full": "ffmpeg full_chroma_int", "videoconvert":
           "videoconvert"}


def loader_rgb(d, loader, cache):
    if loader not in cache:
        cache[loader] = {"cv": lambda: d.cv, "av": lambda: d.av,
                         "ffmpeg": lambda: d.ffmpeg(),
                         "ffmpeg-full": lambda: d.ffmpeg(
                             "bilinear+full_chroma_int+accurate_rnd"),
                         "videoconvert": d.videoconvert}[loader]()
    return cache[loader]


def to255(t, kind):
    if kind == "imagenet":
        return (t * STD + MEAN) * 255.0
    return t * 255.0 if kind == "unit" else t


def measure(frames):
    """{(input, row index): {frame name: (mean, max) or str}}, rows."""
    res, rows = {}, []
    for d in frames:
        cache = {}
        for i, (what, props, ref, kind, loader, yuv_only) in \
                enumerate(recipes(d)):
            if len(rows) <= i:
                shown = re.sub(r'crop-rect="<[^>]*>"',
                               "crop-rect=<ox/f,oy/f,224/f,224/f>",
                               props.replace("width=%d height=%d"
                                             % (d.w, d.h), "width=W "
                                             "height=H"))
                rows.append((what, shown, loader, yuv_only))
            ok = props_available(props)
            rgb = loader_rgb(d, loader, cache)
            # references give 0..1 RGB, or 0..255 for "pixel"
            r = None if not ok else ref(rgb) if kind == "pixel" \
                else ref(rgb) * 255.0
            for inp in ("RGB", "YUV"):
                key = (inp, i)
                res.setdefault(key, {})
                if inp == "RGB" and yuv_only:
                    res[key][d.name] = "-"
                    continue
                if not ok:
                    res[key][d.name] = None
                    continue
                frame = rgb_frame(rgb) if inp == "RGB" else d.yuv()
                dd = np.abs(to255(element(frame, props), kind) - r)
                res[key][d.name] = (dd.mean(), dd.max())
        # I420 gives the same bytes as NV12.
        if d.chroma == 420:
            p = "crop-fraction=0.875 width=224 height=224 aspect=cover"
            assert np.array_equal(element(d.yuv(), p),
                                  element(d.yuv("I420"), p))
    return res, rows


def short_props(props):
    """The properties as a table cell; ImageNet's mean and std named."""
    toks = shlex.split(props)
    kept = ["%s=\"%s\"" % tuple(t.split("=", 1)) if "<" in t else t
            for t in toks if not t.startswith(("mean=", "std="))]
    return "`%s`%s" % (" ".join(kept), " + ImageNet `mean`/`std`"
                       if len(kept) < len(toks) else "")


def print_tables(frames, res, rows):
    names = [d.name for d in frames]
    for inp in ("RGB", "YUV"):
        print("\n### From %s input\n" % inp)
        print("| reference | properties | reference RGB | "
              + " | ".join("%s: mean / max" % n for n in names) + " |")
        print("|---|---|---|" + "---|" * len(names))
        for i, (what, props, loader, yuv_only) in enumerate(rows):
            if inp == "RGB" and yuv_only:
                continue
            cells = []
            for n in names:
                v = res[(inp, i)][n]
                cells.append(NA if v is None else v if isinstance(v, str)
                             else "%.3f / %.1f" % v)
            if all(c == NA for c in cells):
                cells = ["pending (%s)" % NA] + [""] * (len(cells) - 1)
            print("| %s | %s | %s | %s |" % (what, short_props(props),
                                              LOADERS[loader],
                                              " | ".join(cells)))


# ------------------------------------------------------------- clamp order

def clamp_order(frames):
    """The element from YUV against the float model of docs/semantics.md
    (BT.601 limited, nearest chroma) with the clamp after the resize (the
    element's order) and before it (any RGB pipeline's), and against the
    element from cvtColor's RGB (8-bit rounding included)."""
    print("\n### Clamp order (torchvision float recipe, crop-fraction "
          "0.875, 224x224, antialias and plain bilinear; Ultralytics' "
          "640 letterbox, bilinear)\n")
    print("| frame | Y < 16 | out-of-gamut pixels | recipe | "
          "element YUV vs float, clamp after | clamp before vs after "
          "(the clamp-order effect) | element YUV vs element RGB "
          "(cvtColor) |")
    print("|---|---|---|---|---|---|---|")
    for d in frames:
        ny, n, og = d.stats()
        f = d.float_rgb()
        r = min(640 / d.h, 640 / d.w)
        iw, ih = int(round(d.w * r)), int(round(d.h * r))
        ox, oy = (640 - iw) // 2, (640 - ih) // 2
        for what in ("antialias", "bilinear", "letterbox 640"):
            if what == "letterbox 640":
                p = ("width=640 height=640 aspect=letterbox "
                     "letterbox-rounding=half-even")

                def model(x):
                    x = torch.from_numpy(np.ascontiguousarray(x))
                    return torch.nn.functional.interpolate(
                        x.permute(2, 0, 1)[None], size=(ih, iw),
                        mode="bilinear", align_corners=False)[0].numpy()
                win = (slice(None), slice(oy, oy + ih), slice(ox, ox + iw))
            else:
                aa = what == "antialias"
                p = "crop-fraction=0.875 width=224 height=224 " \
                    "aspect=cover" + (" antialias=true" if aa else "")

                def model(x, aa=aa):
                    return torch_float(x, 256, 224, aa)
                win = (slice(None),) * 3
            e = element(d.yuv(), p)[win] * 255.0
            after = np.clip(model(f), 0, 255)
            before = model(np.clip(f, 0, 255))
            er = element(rgb_frame(d.cv), p)[win] * 255.0
            a, b, c = (np.abs(e - after), np.abs(before - after),
                       np.abs(e - er))
            print("| %s | %d (%.2f %%) | %d (%.2f %%) | %s | %.3f / %.1f | "
                  "%.3f / %.1f | %.3f / %.1f |"
                  % (d.name, ny, 100.0 * ny / n, og, 100.0 * og / n,
                     what, a.mean(), a.max(),
                     b.mean(), b.max(), c.mean(), c.max()))


# ------------------------------------------------------ conversion checks

def conversion_checks(frames):
    """What the conversion-only rows' references do: cvtColor's luma
    footroom clamp, PyAV against the ffmpeg program, videoconvert on flat
    grey frames."""
    print("\n### Conversion checks\n")
    for d in frames:
        f = d.float_rgb()
        foot = f + (np.maximum(d.Y, 16) - d.Y.astype(np.float64))[
            :, :, None] * BT601[:, 0]
        print("- %s: cvtColor vs BT.601 float, max %.2f; with max(0, Y - "
              "16) first, max %.2f; PyAV rgb24 == ffmpeg -pix_fmt rgb24: "
              "%s" % (d.name, np.abs(d.cv - np.clip(f, 0, 255)).max(),
                      np.abs(d.cv - np.clip(foot, 0, 255)).max(),
                      np.array_equal(d.av, d.ffmpeg())))
    out = []
    for y in (16, 64, 128, 235):
        data = bytes([y]) * 64 * 64 + bytes([128]) * 64 * 32
        rgb = video_sample_rgb(run_pipeline(
            "video/x-raw,format=I420,width=64,height=64,framerate=1/1,"
            "colorimetry=bt601", data,
            "videoconvert ! video/x-raw,format=RGB"))
        out.append("Y %d: %d (BT.601 %.1f)" % (y, rgb[32, 32, 1],
                                              1.164384 * (y - 16)))
    print("- videoconvert, flat I420 frame, U = V = 128: " + ", ".join(out))


# ------------------------------------------------------- crop-rect model

def crop_rect_model(frames, size=224):
    """crop-rect's sampling written in float (source position x +
    (o + 0.5) * w / size - 0.5, bilinear, taps clamped to the frame) on
    cvtColor's RGB, against blobFromImage(crop=true): the model the
    element's row is checked against."""
    print("\n### crop-rect's float model vs blobFromImage(crop=true), "
          "cvtColor RGB\n")
    for d in frames:
        rect = [float(v) for v in re.search(
            r"<(.*)>", blob_crop_rect(d.w, d.h, size)).group(1).split(",")]
        taps = []
        for x0, w, n in ((rect[0], rect[2], d.w), (rect[1], rect[3], d.h)):
            s = x0 + (np.arange(size) + 0.5) * w / size - 0.5
            i = np.floor(s).astype(int)
            taps.append((np.clip(i, 0, n - 1), np.clip(i + 1, 0, n - 1),
                         s - i))
        (x0, x1, fx), (y0, y1, fy) = taps
        a = d.cv.astype(np.float64)
        fx = fx[None, :, None]
        top = a[y0][:, x0] * (1 - fx) + a[y0][:, x1] * fx
        bot = a[y1][:, x0] * (1 - fx) + a[y1][:, x1] * fx
        m = top * (1 - fy[:, None, None]) + bot * fy[:, None, None]
        dd = np.abs(m.transpose(2, 0, 1)
                    - blob(np.ascontiguousarray(d.cv[:, :, ::-1]), True)
                    * 255.0)
        print("- %s: crop-rect=<%.4f,%.4f,%.4f,%.4f>: %.3f / %.1f"
              % (d.name, *rect, dd.mean(), dd.max()))


# -------------------------------------------------- nearest-floor vs OpenCV

def nearest_sweep(lo=16, hi=64):
    """interpolation=nearest-floor against cv2.resize INTER_NEAREST for
    every input size lo..hi into every output size lo..hi: one run of the
    element per output size, one batch slot (rois) per input size, on a
    frame whose red is the column and green the row index."""
    n = hi - lo + 1
    ramp = np.zeros((hi, hi, 3), np.uint8)
    ramp[:, :, 0] = np.arange(hi)[None, :]
    ramp[:, :, 1] = np.arange(hi)[:, None]
    rois = "<" + ",".join("<0,0,%d,%d>" % (a, a)
                          for a in range(lo, hi + 1)) + ">"
    pairs, px = 0, 0
    examples = []
    for out in range(lo, hi + 1):
        sample = run_pipeline(rgb_frame(ramp).caps, ramp.tobytes(),
                              "cudapreproc width=%d height=%d "
                              "interpolation=nearest-floor scale=1 rois=\"%s\""
                              % (out, out, rois))
        buf = sample.get_buffer()
        ok, info = buf.map(Gst.MapFlags.READ)
        t = np.frombuffer(info.data, np.float32).reshape(n, 3, out, out)
        t = t.copy()
        buf.unmap(info)
        for k, a in enumerate(range(lo, hi + 1)):
            cvx = cv2.resize(ramp[:a, :a], (out, out),
                             interpolation=cv2.INTER_NEAREST)
            el = t[k, 0, 0, :]
            assert np.array_equal(t[k, 1, :, 0], el)   # same on both axes
            diff = el != cvx[0, :, 0]
            if diff.any():
                pairs += 1
                px += int(diff.sum())
                if len(examples) < 4:
                    o = int(np.argmax(diff))
                    examples.append("%d to %d: output %d reads %d (OpenCV"
                                    " %d)" % (a, out, o, int(el[o]),
                                              int(cvx[0, o, 0])))
    print("\n### interpolation=nearest-floor vs cv2.resize INTER_NEAREST\n")
    print("Sizes %d..%d into %d..%d (%d pairs, per axis): %d pairs differ, "
          "%d output columns in all; e.g. %s."
          % (lo, hi, lo, hi, n * n, pairs, px, "; ".join(examples)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("images", nargs="*")
    ap.add_argument("--plugin-path", default="build/gst")
    args = ap.parse_args()
    os.environ["GST_PLUGIN_PATH"] = args.plugin_path
    Gst.init(None)
    if Gst.ElementFactory.find("cudapreproc") is None:
        sys.exit("no cudapreproc in %s" % args.plugin_path)
    with tempfile.TemporaryDirectory() as tmp:
        srcs = [("zone plate", zone_plate(), 420)]
        for p in args.images:
            img = cv2.imread(p)
            if img is None:
                sys.exit("cannot read %s" % p)
            srcs.append((os.path.basename(p), img[:, :, ::-1].copy(), 420))
        dark = dark_frame()
        srcs += [("dark", dark, 420), ("dark 4:2:2", dark, 422)]
        frames = [Decoded(n, rgb, c, tmp) for n, rgb, c in srcs]
        print("Frames (x264enc quantizer %d, avdec_h264; PyAV decodes the "
              "same planes):\n" % QUANTIZER)
        for d in frames:
            ny, n, og = d.stats()
            print("- %s: %dx%d, 4:2:%s, colorimetry %s, chroma-site %s; "
                  "Y < 16 in %d pixels (%.2f %%), out of gamut %d"
                  % (d.name, d.w, d.h, "0" if d.chroma == 420 else "2",
                     d.colorimetry, d.site, ny, 100.0 * ny / n, og))
        res, rows = measure(frames)
        print_tables(frames, res, rows)
        clamp_order(frames)
        conversion_checks(frames)
        crop_rect_model(frames)
    nearest_sweep()


if __name__ == "__main__":
    sys.exit(main())
