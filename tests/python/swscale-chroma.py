#!/usr/bin/python3
# gst-cudapreproc: chroma-interpolation=swscale against FFmpeg's swscale
# itself (meson test "python-swscale-chroma"; docs/semantics.md section 2).
#
# Random I420 frames of legal codes (Y 16..235, U and V 16..240, most
# colours out of gamut) go through `ffmpeg -sws_flags
# bilinear+full_chroma_int+accurate_rnd -pix_fmt rgb24` and through
# cudapreproc (CPU path) at their own size, interpolation=nearest, float32
# NHWC, scale=1, BT.601 limited range, the caps saying chroma-site=mpeg2
# (swscale ignores the site), and the test checks, per frame size (even,
# odd, tiny, 1080p):
#   - chroma-interpolation=swscale within 0.53 of ffmpeg's bytes (its
#     rounding; swscale computes in fixed point);
#   - bilinear and nearest more than 10 away somewhere (the check can
#     fail).
# Exit 77 (skipped) without python3-gi, numpy or the ffmpeg program.
import shutil
import subprocess
import sys

try:
    import gi
    import numpy as np
    gi.require_version('Gst', '1.0')
    gi.require_version('GstApp', '1.0')
    gi.require_version('GstVideo', '1.0')
    from gi.repository import Gst, GstApp, GstVideo  # noqa: F401
    from element_tensor import element_tensor
except (ImportError, ValueError) as e:
    print('skipped: %s' % e)
    sys.exit(77)

FFMPEG = shutil.which('ffmpeg')
SIZES = [(64, 48), (65, 33), (5, 7), (1919, 1079), (1280, 720)]


def swscale_rgb(y, u, v, w, h):
    data = np.concatenate([y.ravel(), u.ravel(), v.ravel()]).tobytes()
    out = subprocess.run(
        [FFMPEG, '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt',
         'yuv420p', '-s', '%dx%d' % (w, h), '-i', '-', '-sws_flags',
         'bilinear+full_chroma_int+accurate_rnd', '-pix_fmt', 'rgb24', '-f',
         'rawvideo', '-'], input=data, capture_output=True, check=True)
    return np.frombuffer(out.stdout, np.uint8).reshape(h, w, 3)


def gst_i420(y, u, v, w, h):
    """The planes in GStreamer's I420 layout (padded strides)."""
    info = GstVideo.VideoInfo.new()
    info.set_format(GstVideo.VideoFormat.I420, w, h)
    buf = np.zeros(info.size, np.uint8)
    for plane, k in zip((y, u, v), range(3)):
        rows, cols = plane.shape
        view = buf[info.offset[k]:info.offset[k] + info.stride[k] * rows]
        view.reshape(rows, info.stride[k])[:, :cols] = plane
    return buf.tobytes()


def element_rgb(data, w, h, chroma):
    caps = ('video/x-raw,format=I420,width=%d,height=%d,framerate=1/1,'
            'colorimetry=bt601,chroma-site=mpeg2' % (w, h))
    props = ('width=%d height=%d interpolation=nearest layout=nhwc scale=1 '
             'chroma-interpolation=%s' % (w, h, chroma))
    return element_tensor(caps, props, data, np.float32).reshape(h, w, 3)


def main():
    if FFMPEG is None:
        print('skipped: no ffmpeg program')
        return 77
    Gst.init(None)
    rng = np.random.default_rng(27)
    failures = 0
    for w, h in SIZES:
        cw, ch = (w + 1) // 2, (h + 1) // 2
        y = rng.integers(16, 236, (h, w), dtype=np.uint8)
        u = rng.integers(16, 241, (ch, cw), dtype=np.uint8)
        v = rng.integers(16, 241, (ch, cw), dtype=np.uint8)
        want = swscale_rgb(y, u, v, w, h).astype(np.float64)
        data = gst_i420(y, u, v, w, h)
        for chroma in ('swscale', 'bilinear', 'nearest'):
            d = np.abs(element_rgb(data, w, h, chroma) - want).max()
            print('%dx%d chroma-interpolation=%s: largest difference from '
                  'swscale %.3f' % (w, h, chroma, d))
            failures += not (d <= 0.53 if chroma == 'swscale' else d > 10)
    print('%d failures' % failures)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
