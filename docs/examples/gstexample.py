# gst-cudapreproc: what the Python examples share (imported by them from
# their own folder; copy it along with an example).
#
# - require (): GStreamer's Python bindings, or exit 77 ("skipped") saying
#   which package is missing: Debian's python3-gi, python3-gst-1.0 (its
#   overrides turn the box meta's GstValueArray into a Python sequence:
#   checked by converting one, since Gst.ValueArray exists without them)
#   and, where asked, python3-numpy;
# - first_structure (): a caps' first structure on every GStreamer release;
# - run_pipeline (): plays a pipeline into an appsink with a timeout while
#   watching the bus, so that an error ends it with its message instead of
#   a wait that never returns.
import sys
import time


def require(numpy=False):
    """Imports and initializes Gst (and numpy); exits 77 with the missing
    package's name where one is missing.  Returns Gst."""
    try:
        import gi
        gi.require_version("Gst", "1.0")
        from gi.repository import Gst
    except (ImportError, ValueError) as e:
        _skip("python3-gi with GStreamer's typelib (%s)" % e)
    if numpy:
        try:
            import numpy             # noqa: F401
        except ImportError as e:
            _skip("python3-numpy (%s)" % e)
    Gst.init(None)
    if not _overrides_convert_arrays(Gst):
        _skip("python3-gst-1.0 (GStreamer's overrides: a GstValueArray "
              "cannot be read without them)")
    return Gst


def _skip(what):
    print("skipped: needs %s" % what)
    sys.exit(77)


def _overrides_convert_arrays(Gst):
    s = Gst.Structure.from_string("t, a=(int)<1, 2>")
    s = s[0] if isinstance(s, tuple) else s
    try:
        return list(s.get_value("a")) == [1, 2]
    except TypeError:
        return False


def first_structure(caps):
    """The caps' first structure.  GStreamer 1.26.2's Python overrides
    (Debian 13) hand out a wrapper that is only a context manager (fixed in
    1.26.3); 1.22's structures are not context managers: unwrap it where
    needed, so the same line works on every release."""
    s = caps.get_structure(0)
    return s if hasattr(s, "get_string") else s.__enter__()


class PipelineError(Exception):
    pass


def run_pipeline(pipeline, on_sample, timeout=60.0, sink_name="sink"):
    """Plays @pipeline and calls on_sample (sample) for each sample of its
    appsink @sink_name, until EOS; raises PipelineError on an error message
    and TimeoutError when it has not ended after @timeout seconds.  Always
    leaves the pipeline in NULL.  Returns the number of samples."""
    from gi.repository import Gst

    sink = pipeline.get_by_name(sink_name)
    if sink is None:
        raise PipelineError("no appsink named %r" % sink_name)
    bus = pipeline.get_bus()
    deadline = time.monotonic() + timeout
    n = 0

    def check_bus():
        msg = bus.pop_filtered(Gst.MessageType.ERROR | Gst.MessageType.EOS)
        if msg is not None and msg.type == Gst.MessageType.ERROR:
            err, debug = msg.parse_error()
            raise PipelineError("%s: %s (%s)" % (msg.src.get_name(),
                                                 err.message, debug))
        return msg is not None          # EOS

    try:
        if pipeline.set_state(Gst.State.PLAYING) == \
                Gst.StateChangeReturn.FAILURE:
            check_bus()
            raise PipelineError("the pipeline does not start")
        while True:
            sample = sink.emit("try-pull-sample", 100 * Gst.MSECOND)
            if sample is not None:
                on_sample(sample)
                n += 1
            # an error ends it; EOS too, once appsink's queue is drained
            if check_bus() or (sample is None and sink.get_property("eos")):
                sample = sink.emit("try-pull-sample", 0)
                while sample is not None:
                    on_sample(sample)
                    n += 1
                    sample = sink.emit("try-pull-sample", 0)
                return n
            if time.monotonic() > deadline:
                raise TimeoutError("no EOS after %g s (%d samples)" %
                                   (timeout, n))
    finally:
        pipeline.set_state(Gst.State.NULL)
