#!/usr/bin/python3
# gst-cudapreproc: what videoconvert does with subsampled chroma.
#
#   tools/recipes/chroma.py [WIDTH HEIGHT]
#
# Converts frames of random 2-level chroma (an edge at every chroma sample,
# luma 128) with `appsrc ! videoconvert dither=none !
# video/x-raw,format=RGB`, colorimetry=bt601, for NV12, I420 and Y42B and
# the chroma sites none (no field), jpeg and mpeg2, and prints the largest
# difference (8-bit steps) from BT.601 limited range computed in numpy on
# nearest chroma and on bilinear chroma, centered or cosited per axis
# (docs/semantics.md section 2, "Chroma interpolation", has the table this
# gave on GStreamer 1.22.0).  Needs Debian's python3-gi and python3-numpy.
# Measuring only: nothing in the build or the tests runs it.
import sys

import gi
import numpy as np
gi.require_version('Gst', '1.0')
gi.require_version('GstApp', '1.0')
from gi.repository import Gst, GstApp  # noqa: E402,F401

W, H = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) > 2 else (16, 8)


def videoconvert(fmt, site, y, u, v):
    if fmt == 'NV12':
        data = np.concatenate([y.ravel(), np.stack([u, v], -1).ravel()])
    else:
        data = np.concatenate([y.ravel(), u.ravel(), v.ravel()])
    caps = ('video/x-raw,format=%s,width=%d,height=%d,framerate=1/1,'
            'colorimetry=bt601%s' % (fmt, W, H, ',chroma-site=%s' % site
                                     if site else ''))
    p = Gst.parse_launch('appsrc name=s caps="%s" ! videoconvert dither=none '
                         '! video/x-raw,format=RGB ! appsink name=k' % caps)
    s, k = p.get_by_name('s'), p.get_by_name('k')
    p.set_state(Gst.State.PLAYING)
    s.push_buffer(Gst.Buffer.new_wrapped(data.astype(np.uint8).tobytes()))
    s.end_of_stream()
    buf = k.pull_sample().get_buffer()
    ok, info = buf.map(Gst.MapFlags.READ)
    out = np.frombuffer(info.data, np.uint8).copy()
    buf.unmap(info)
    p.set_state(Gst.State.NULL)
    stride = (W * 3 + 3) // 4 * 4
    return out.reshape(H, stride)[:, :W * 3].reshape(H, W, 3).astype(float)


def bt601_limited(y, u, v):
    y, u, v = (np.asarray(c, float) for c in (y, u, v))
    kr, kb = 0.299, 0.114
    kg = 1 - kr - kb
    yy = (y - 16) * 255 / 219
    cb, cr = (u - 128) * 255 / 224, (v - 128) * 255 / 224
    return np.clip(np.stack([yy + 2 * (1 - kr) * cr,
                             yy - 2 * kb * (1 - kb) / kg * cb
                             - 2 * kr * (1 - kr) / kg * cr,
                             yy + 2 * (1 - kb) * cb], -1), 0, 255)


def axis(n_full, n, sub, cosited):
    """Per luma index: chroma indices i0, i1 and the weight of i1."""
    x = np.arange(n_full)
    if not sub:
        return x, x, np.zeros(n_full)
    pos = x / 2.0 if cosited else (x - 0.5) / 2.0
    f = np.floor(pos).astype(int)
    return np.clip(f, 0, n - 1), np.clip(f + 1, 0, n - 1), pos - f


def upsample(c, sx, sy, hcos, vcos):
    ch, cw = c.shape
    x0, x1, wx = axis(W, cw, sx == 2, hcos)
    y0, y1, wy = axis(H, ch, sy == 2, vcos)
    c = c.astype(float)
    top = c[y0][:, x0] * (1 - wx) + c[y0][:, x1] * wx
    bottom = c[y1][:, x0] * (1 - wx) + c[y1][:, x1] * wx
    return top * (1 - wy)[:, None] + bottom * wy[:, None]


def main():
    Gst.init(None)
    rng = np.random.default_rng(1)
    y = np.full((H, W), 128, np.uint8)
    for fmt, sx, sy in [('NV12', 2, 2), ('I420', 2, 2), ('Y42B', 2, 1)]:
        u = rng.choice([40, 220], (H // sy, W // sx)).astype(np.uint8)
        v = rng.choice([30, 230], (H // sy, W // sx)).astype(np.uint8)
        for site in [None, 'jpeg', 'mpeg2']:
            got = videoconvert(fmt, site, y, u, v)
            near = np.repeat(np.repeat(u, sy, 0), sx, 1), \
                np.repeat(np.repeat(v, sy, 0), sx, 1)
            res = {'nearest': bt601_limited(y, *near)}
            for hc in (0, 1):
                for vc in (0, 1):
                    res['bilinear h%s v%s' % ('cosited' if hc else 'centered',
                                              'cosited' if vc else 'centered')] = \
                        bt601_limited(y, upsample(u, sx, sy, hc, vc),
                                      upsample(v, sx, sy, hc, vc))
            print('%s chroma-site=%s: %s' % (fmt, site or '(none)', ', '.join(
                '%s %.1f' % (k, np.abs(got - r).max()) for k, r in res.items())))


if __name__ == '__main__':
    main()
