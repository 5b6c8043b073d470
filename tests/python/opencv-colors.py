#!/usr/bin/python3
# gst-cudapreproc: color-conversion=opencv-8bit and opencv against OpenCV's
# own cv2.cvtColor (meson test "python-opencv-colors"; docs/semantics.md
# section 3).
#
# Random frames (every byte value, most pixels out of gamut) of NV12, NV21,
# I420, YV12, YUY2 and UYVY go through cudapreproc (CPU path) at their own
# size with interpolation=nearest, and the test checks:
#   - opencv-8bit into a uint8 NHWC tensor: the bytes of cv2.cvtColor
#     (COLOR_YUV2RGB_<format>), every pixel;
#   - opencv into a float32 tensor (scale 1): within 0.5 of them (cvtColor
#     rounds, the element does not), and more than 0.1 away somewhere (the
#     check can fail);
#   - opencv-8bit resized to 40x30 (bilinear, float32): within 1 of
#     cv2.resize (cvtColor (...), INTER_LINEAR), which rounds to 8 bits and
#     uses fixed-point weights.
# Exit 77 (skipped) without python3-gi, numpy or cv2 (python3-opencv).
import sys

try:
    import gi
    import numpy as np
    import cv2
    gi.require_version('Gst', '1.0')
    gi.require_version('GstApp', '1.0')
    from gi.repository import Gst, GstApp  # noqa: F401
    from element_tensor import element_tensor
except (ImportError, ValueError) as e:
    print('skipped: %s' % e)
    sys.exit(77)

W, H = 64, 48


def run(fmt, data, props, dtype):
    caps = 'video/x-raw,format=%s,width=%d,height=%d,framerate=1/1' % (
        fmt, W, H)
    return element_tensor(caps, props, data, dtype)


def main():
    Gst.init(None)
    rng = np.random.default_rng(27)
    failures = 0
    cases = [('NV12', cv2.COLOR_YUV2RGB_NV12, (H * 3 // 2, W)),
             ('NV21', cv2.COLOR_YUV2RGB_NV21, (H * 3 // 2, W)),
             ('I420', cv2.COLOR_YUV2RGB_I420, (H * 3 // 2, W)),
             ('YV12', cv2.COLOR_YUV2RGB_YV12, (H * 3 // 2, W)),
             ('YUY2', cv2.COLOR_YUV2RGB_YUY2, (H, W, 2)),
             ('UYVY', cv2.COLOR_YUV2RGB_UYVY, (H, W, 2))]
    for fmt, code, shape in cases:
        yuv = rng.integers(0, 256, shape, dtype=np.uint8)
        want = cv2.cvtColor(yuv, code)
        same = 'width=%d height=%d interpolation=nearest layout=nhwc ' % (W, H)
        got = run(fmt, yuv.tobytes(), same + 'color-conversion=opencv-8bit '
                  'data-type=uint8', np.uint8).reshape(H, W, 3)
        bad = int((got != want).any(-1).sum())
        print('%s opencv-8bit: %d of %d pixels differ from cv2.cvtColor' % (
            fmt, bad, W * H))
        failures += bad != 0
        got = run(fmt, yuv.tobytes(), same + 'color-conversion=opencv scale=1',
                  np.float32).reshape(H, W, 3)
        d = np.abs(got - want)
        print('%s opencv: largest difference %.4f' % (fmt, d.max()))
        failures += not (d.max() <= 0.5 + 1e-4 and d.max() > 0.1)
        ref = cv2.resize(want, (40, 30), interpolation=cv2.INTER_LINEAR)
        got = run(fmt, yuv.tobytes(), 'width=40 height=30 layout=nhwc '
                  'scale=1 color-conversion=opencv-8bit',
                  np.float32).reshape(30, 40, 3)
        d = np.abs(got - ref)
        print('%s opencv-8bit resized: largest difference %.4f' % (
            fmt, d.max()))
        failures += not d.max() <= 1.0
    print('%d failures' % failures)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
