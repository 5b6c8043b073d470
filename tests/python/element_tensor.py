# gst-cudapreproc: the tensor cudapreproc makes of one frame, for the
# Python tests that compare it with another library (opencv-colors.py,
# swscale-chroma.py).  The caller imports python3-gi and numpy first (and
# exits 77 without them) and calls Gst.init ().
import numpy as np
from gi.repository import Gst


def element_tensor(caps, props, data, dtype):
    """`appsrc caps=@caps ! cudapreproc @props ! appsink` on one buffer of
    @data: the tensor's elements as a flat numpy array of @dtype."""
    p = Gst.parse_launch('appsrc name=s caps="%s" ! cudapreproc %s ! '
                         'appsink name=k' % (caps, props))
    s = p.get_by_name('s')
    k = p.get_by_name('k')
    p.set_state(Gst.State.PLAYING)
    s.push_buffer(Gst.Buffer.new_wrapped(data))
    s.end_of_stream()
    sample = k.pull_sample()
    if sample is None:
        p.set_state(Gst.State.NULL)
        raise RuntimeError('no tensor for %s, %s' % (caps, props))
    buf = sample.get_buffer()
    ok, info = buf.map(Gst.MapFlags.READ)
    out = np.frombuffer(info.data, dtype).copy()
    buf.unmap(info)
    p.set_state(Gst.State.NULL)
    return out
