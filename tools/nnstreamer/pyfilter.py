# gst-cudapreproc: an NNStreamer python3 filter for
# tools/nnstreamer/check.sh (docs/nnstreamer.md), loaded by
#
#   tensor_filter framework=python3 model=tools/nnstreamer/pyfilter.py \
#       custom="MODE ARGS..."
#
# NNStreamer calls CustomFilter(*custom.split(' ')); the mode picks the
# object it gets:
#   pass                  a passthrough that takes any input (setInputDim)
#   declare DIMS TYPE     a passthrough that declares its input, as a model
#                         does (getInputDim): DIMS innermost first,
#                         e.g. "64:48:3:1", TYPE float32, uint8 or int8
#   means LAYOUT          one float32 tensor [3]: the mean of each channel
#                         of a W:H:3[:N] (nchw) or 3:W:H[:N] (nhwc) tensor
# NNStreamer hands each input tensor over as a 1-D numpy array and wants a
# list of numpy arrays of the declared type and size back.  Not run by the
# build or the tests.

import numpy as np
import nnstreamer_python as nns

TYPES = {"float32": np.float32, "uint8": np.uint8, "int8": np.int8}


class Copy(object):
    def invoke(self, input_array):
        # a copy: the input arrays wrap tensor_filter's input buffer
        return [np.copy(a) for a in input_array]


class Passthrough(Copy):
    def setInputDim(self, input_dims):
        return [nns.TensorShape(d.getDims(), d.getType()) for d in input_dims]


class Declared(Copy):
    # no setInputDim: NNStreamer prefers it to getInputDim/getOutputDim
    def __init__(self, dims, type_name):
        shape = [int(d) for d in dims.split(":")]
        self.shapes = [nns.TensorShape(shape, TYPES[type_name])]

    def getInputDim(self):
        return self.shapes

    def getOutputDim(self):
        return self.shapes


class Means(object):
    def __init__(self, layout):
        self.layout = layout

    def setInputDim(self, input_dims):
        # NNStreamer pads the dimensions with 0s to its rank limit (16)
        dims = [int(d) for d in input_dims[0].getDims() if int(d) > 0]
        # numpy's shape is NNStreamer's dimensions reversed
        self.shape = tuple(reversed(dims))
        channel = 2 if self.layout == "nchw" else 0
        self.axis = len(dims) - 1 - channel
        return [nns.TensorShape([3], np.float32)]

    def invoke(self, input_array):
        t = np.reshape(input_array[0], self.shape).astype(np.float64)
        others = tuple(i for i in range(t.ndim) if i != self.axis)
        return [t.mean(axis=others).astype(np.float32)]


class CustomFilter(object):
    """What NNStreamer instantiates: returns the object the mode names."""

    def __new__(cls, *args):
        mode = args[0] if args else "pass"
        if mode == "declare":
            return Declared(args[1], args[2])
        if mode == "means":
            return Means(args[1])
        return Passthrough()
