/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The properties of cudapreproc: their documentation, ranges and defaults,
 * and the validators of the values their param specs cannot check (arrays
 * of numbers and rectangles, normalization as a whole, rectangles against
 * the frame being played).  The store behind them, with its one switch, is
 * gstcudapreproc-settings.c. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <string.h>

#include "gstcudapreproc-props.h"
#include "gstcudapreproc-enums.h"
#include "gstcudapreproc-roi-props.h"

#define DEFAULT_PROP_WIDTH PREP_DEFAULT_OUT_SIZE
#define DEFAULT_PROP_HEIGHT PREP_DEFAULT_OUT_SIZE
#define DEFAULT_PROP_CROP_X 0
#define DEFAULT_PROP_CROP_Y 0
#define DEFAULT_PROP_CROP_WIDTH 0
#define DEFAULT_PROP_CROP_HEIGHT 0
#define DEFAULT_PROP_ASPECT GST_CUDA_PREPROC_ASPECT_STRETCH
#define DEFAULT_PROP_PAD_VALUE PREP_DEFAULT_PAD_VALUE
#define DEFAULT_PROP_INTERPOLATION GST_CUDA_PREPROC_INTERPOLATION_BILINEAR
#define DEFAULT_PROP_CHANNEL_ORDER GST_CUDA_PREPROC_CHANNEL_ORDER_RGB
#define DEFAULT_PROP_SCALE PREP_DEFAULT_SCALE
#define DEFAULT_PROP_MEAN 0.0
#define DEFAULT_PROP_STD 1.0
#define DEFAULT_PROP_LAYOUT GST_CUDA_PREPROC_LAYOUT_NCHW
#define DEFAULT_PROP_CUDA_DEVICE_ID -1
#define DEFAULT_PROP_N_THREADS 1
#define DEFAULT_PROP_OUTPUT_BUFFERS 8
#define DEFAULT_PROP_ROI_SOURCE GST_CUDA_PREPROC_ROI_SOURCE_PROPERTY
#define DEFAULT_PROP_ROI_TYPE NULL
#define DEFAULT_PROP_BATCH_SIZE 0
#define DEFAULT_PROP_DATA_TYPE GST_CUDA_PREPROC_DATA_TYPE_FLOAT32
#define DEFAULT_PROP_COLOR_MATRIX GST_CUDA_PREPROC_COLOR_MATRIX_AUTO
#define DEFAULT_PROP_COLOR_RANGE GST_CUDA_PREPROC_COLOR_RANGE_AUTO
#define DEFAULT_PROP_COLOR_CONVERSION GST_CUDA_PREPROC_COLOR_CONVERSION_EXACT
#define DEFAULT_PROP_CHROMA_INTERPOLATION \
    GST_CUDA_PREPROC_CHROMA_INTERPOLATION_NEAREST
#define DEFAULT_PROP_LETTERBOX_ALIGN GST_CUDA_PREPROC_LETTERBOX_ALIGN_CENTER
#define DEFAULT_PROP_CROP_FRACTION 1.0
#define DEFAULT_PROP_ANTIALIAS FALSE
#define DEFAULT_PROP_OUTPUT_MODE GST_CUDA_PREPROC_OUTPUT_MODE_TENSOR
#define DEFAULT_PROP_TENSOR_ID "input"
#define DEFAULT_PROP_TENSOR_MEMORY GST_CUDA_PREPROC_TENSOR_MEMORY_AUTO
#define DEFAULT_PROP_LETTERBOX_ROUNDING \
    GST_CUDA_PREPROC_LETTERBOX_ROUNDING_HALF_UP

static void
install_geometry_properties (GObjectClass * gobject_class)
{
  /**
   * GstCudaPreproc:width:
   *
   * Width of the output tensor in pixels.  Changing it while playing
   * renegotiates on the next buffer.  While neither width nor height is
   * set, downstream caps with fixed dimensions choose the tensor's size
   * (in any NNStreamer spelling: 224:224:3 is 224:224:3:1); once one is
   * set, the properties decide, and downstream caps that want another
   * shape fail negotiation with a message naming both.  When neither is
   * set and downstream leaves the dimensions open, the tensor is 640x640
   * with one element warning.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_WIDTH,
      g_param_spec_int ("width", "Width", "Output tensor width in pixels",
          1, G_MAXINT, DEFAULT_PROP_WIDTH, PARAM_FLAGS));
  /**
   * GstCudaPreproc:height:
   *
   * Height of the output tensor in pixels.  Changing it while playing
   * renegotiates on the next buffer.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_HEIGHT,
      g_param_spec_int ("height", "Height", "Output tensor height in pixels",
          1, G_MAXINT, DEFAULT_PROP_HEIGHT, PARAM_FLAGS));
}

/* cudapreproc's own: the crop (cudapreprocbatch crops per sink pad) */
static void
install_crop_properties (GObjectClass * gobject_class)
{
  /**
   * GstCudaPreproc:crop-x:
   *
   * Left edge of the crop rectangle, in luma pixels of the input frame.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_CROP_X,
      g_param_spec_int ("crop-x", "Crop X",
          "Left edge of the crop rectangle in input pixels",
          0, G_MAXINT, DEFAULT_PROP_CROP_X, PARAM_FLAGS));
  /**
   * GstCudaPreproc:crop-y:
   *
   * Top edge of the crop rectangle, in luma pixels of the input frame.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_CROP_Y,
      g_param_spec_int ("crop-y", "Crop Y",
          "Top edge of the crop rectangle in input pixels",
          0, G_MAXINT, DEFAULT_PROP_CROP_Y, PARAM_FLAGS));
  /**
   * GstCudaPreproc:crop-width:
   *
   * Width of the crop rectangle; 0 extends it to the frame's right edge.
   * A crop partly outside the frame is clamped to it (with one element
   * warning).  While a stream plays, a crop-* value that puts the crop
   * entirely outside the frame is refused with an element warning naming
   * the crop and the frame size, and the previous value stays; before the
   * first caps such a crop fails negotiation.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_CROP_WIDTH,
      g_param_spec_int ("crop-width", "Crop width",
          "Width of the crop rectangle (0 = to the frame's right edge)",
          0, G_MAXINT, DEFAULT_PROP_CROP_WIDTH, PARAM_FLAGS));
  /**
   * GstCudaPreproc:crop-height:
   *
   * Height of the crop rectangle; 0 extends it to the frame's bottom edge.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_CROP_HEIGHT,
      g_param_spec_int ("crop-height", "Crop height",
          "Height of the crop rectangle (0 = to the frame's bottom edge)",
          0, G_MAXINT, DEFAULT_PROP_CROP_HEIGHT, PARAM_FLAGS));
  /**
   * GstCudaPreproc:crop-rect:
   *
   * A fractional crop `<x, y, width, height>` in pixels of the frame, e.g.
   * `crop-rect="<419.46,0,1081.08,1080>"`: the tensor shows the window
   * [x, x + width) x [y, y + height) of the resized whole frame (source
   * coordinate x + (o + 0.5) * width / inner - 0.5 in double), its taps
   * clamped to the frame, not to the window (resize-then-crop, as OpenCV's
   * blobFromImage (crop=True) and torchvision's Resize then CenterCrop);
   * the integer crop-x, crop-y, crop-width and crop-height crop then
   * resize.  While set it replaces them; the rois property and
   * roi-source=meta replace it as they replace the crop.  Every aspect,
   * interpolation and antialias apply (letterbox and cover from the
   * window's fractional size, docs/semantics.md).  Empty (`<>`, the
   * default): unset.  Anything but 0 or 4 numbers is refused with a
   * warning; values that are not finite, an empty window or one not
   * inside the frame fail negotiation with an element error naming the
   * value.
   *
   * Since: 0.3
   */
  g_object_class_install_property (gobject_class, PROP_CROP_RECT,
      gst_param_spec_array ("crop-rect", "Crop rectangle",
          "Fractional crop <x, y, width, height> of the resized frame "
          "(resize-then-crop), replacing crop-*; empty: unset",
          g_param_spec_double ("crop-rect-value", "Crop rectangle value",
              "One value of crop-rect", -G_MAXDOUBLE, G_MAXDOUBLE, 0.0,
              G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS), PARAM_FLAGS));
}

static void
install_mapping_properties (GObjectClass * gobject_class)
{
  /**
   * GstCudaPreproc:aspect:
   *
   * How the crop maps onto the tensor: stretched onto all of it,
   * letterboxed (aspect ratio kept, centered, bands filled with
   * #GstCudaPreproc:pad-value), or cover (aspect ratio kept, scaled so
   * that it covers the tensor, centered, the overflow cut: the classifier
   * evaluation transform "resize the shorter side, then center-crop",
   * with #GstCudaPreproc:crop-fraction).
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_ASPECT,
      g_param_spec_enum ("aspect", "Aspect",
          "How the crop maps onto the tensor", GST_TYPE_CUDA_PREPROC_ASPECT,
          DEFAULT_PROP_ASPECT, PARAM_FLAGS));
  /**
   * GstCudaPreproc:crop-fraction:
   *
   * With aspect=cover, the central fraction f of the covered area the
   * tensor shows (0 < f <= 1): the shorter side is scaled to
   * floor (size / f), as timm's crop_pct (0.875 is torchvision's
   * Resize (256) + CenterCrop (224)), the longer keeps the aspect ratio
   * (truncated), and the tensor is cut from the middle (docs/semantics.md).
   * Source positions may be fractional; the box meta maps them exactly.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_CROP_FRACTION,
      g_param_spec_double ("crop-fraction", "Crop fraction",
          "aspect=cover: the central fraction of the covered area",
          G_MINDOUBLE, 1.0, DEFAULT_PROP_CROP_FRACTION, PARAM_FLAGS));
  /**
   * GstCudaPreproc:pad-value:
   *
   * Value of the letterbox bands in pixel units (0..255, before
   * normalization, the same for the three channels); 114 is YOLO's gray.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_PAD_VALUE,
      g_param_spec_double ("pad-value", "Pad value",
          "Letterbox band value in pixel units (0-255), normalized like "
          "a pixel", 0.0, 255.0, DEFAULT_PROP_PAD_VALUE, PARAM_FLAGS));
  /**
   * GstCudaPreproc:pad-values:
   *
   * One letterbox band value per tensor channel, in pixel units (0..255,
   * before normalization), in tensor channel order (after
   * #GstCudaPreproc:channel-order; channel-order=gray takes the first),
   * e.g. `pad-values="<124,116,104>"`, timm's border fill round (255 *
   * mean) for ImageNet.  While set it replaces #GstCudaPreproc:pad-value;
   * an empty array (`pad-values="<>"`, the default) gives that back.
   * Anything but 0 or 3 finite numbers in 0..255 is refused with a
   * warning naming the rule that failed, and the previous value is kept.
   *
   * Since: 0.2
   */
  g_object_class_install_property (gobject_class, PROP_PAD_VALUES,
      gst_param_spec_array ("pad-values", "Pad values",
          "Letterbox band value per tensor channel, 3 numbers in pixel units "
          "(0-255), replacing pad-value; empty: pad-value", NULL, PARAM_FLAGS));
  /**
   * GstCudaPreproc:letterbox-align:
   *
   * Where the letterboxed image sits: centered (the bands split, an odd
   * leftover pixel right or bottom), or at the top-left corner with the
   * bands right and bottom (DeepStream nvinfer's symmetric-padding=0).
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_LETTERBOX_ALIGN,
      g_param_spec_enum ("letterbox-align", "Letterbox align",
          "Where the letterboxed image sits in the tensor",
          GST_TYPE_CUDA_PREPROC_LETTERBOX_ALIGN, DEFAULT_PROP_LETTERBOX_ALIGN,
          PARAM_FLAGS));
  /**
   * GstCudaPreproc:letterbox-rounding:
   *
   * How the letterboxed image's size is rounded: at an exact half away
   * from zero, or to even as Python's round () and so Ultralytics'
   * LetterBox (a 1280x721 frame into 640x640 is 361 or 360 rows); or
   * down, as YOLOX's int () truncation (a 1280x727 frame into 640x640 is
   * 363 rows where half-up gives 364).
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_LETTERBOX_ROUNDING,
      g_param_spec_enum ("letterbox-rounding", "Letterbox rounding",
          "Rounding of the letterbox size (at exact halves, or down)",
          GST_TYPE_CUDA_PREPROC_LETTERBOX_ROUNDING,
          DEFAULT_PROP_LETTERBOX_ROUNDING, PARAM_FLAGS));
  /**
   * GstCudaPreproc:antialias:
   *
   * Antialiased bilinear resize, as PIL's and torchvision's (antialias=True)
   * and so timm's: when downscaling, the triangle filter widened by the
   * scale factor, its weights normalized per output pixel, clamped to the
   * crop; upscaling stays bilinear.  With interpolation=bicubic, PIL's
   * BICUBIC (torchvision's antialiased bicubic) instead: Keys' cubic with
   * a = -0.5, support 2 widened the same way.  In the same fused pass, no
   * intermediate image; the taps and weights are derived on the host in
   * double, the CPU path and the kernel give the same bits.  Replaces
   * nearest and nearest-floor of #GstCudaPreproc:interpolation (they
   * become antialiased bilinear).
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_ANTIALIAS,
      g_param_spec_boolean ("antialias", "Antialias",
          "Antialiased bilinear or bicubic (PIL, torchvision "
          "antialias=True) when downscaling", DEFAULT_PROP_ANTIALIAS,
          PARAM_FLAGS));
  /**
   * GstCudaPreproc:interpolation:
   *
   * Resampling method.  bilinear and nearest use half-pixel centers
   * (nearest equals torch's nearest-exact); nearest-floor takes
   * floor (x * in / out), as torch's nearest and OpenCV's INTER_NEAREST;
   * bicubic is torch's bicubic (align_corners=False) and OpenCV's
   * INTER_CUBIC: Keys' cubic with A = -0.75 on 4x4 taps, its overshoot
   * clamped to [0, 255] before normalization.
   * None reads pixels outside the crop.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_INTERPOLATION,
      g_param_spec_enum ("interpolation", "Interpolation",
          "Resampling method", GST_TYPE_CUDA_PREPROC_INTERPOLATION,
          DEFAULT_PROP_INTERPOLATION, PARAM_FLAGS));
  /**
   * GstCudaPreproc:channel-order:
   *
   * Order of the color channels in the tensor, or gray: one channel (the
   * luma of a YUV or GRAY8 input, BT.601's luma of an RGB one; caps
   * dimensions W:H:1:N, normalized with mean[0] and std[0]).  While it
   * is not set, downstream's fixed dimensions choose gray (C = 1) or rgb
   * (C = 3).  Changing it to or from gray while playing renegotiates.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_CHANNEL_ORDER,
      g_param_spec_enum ("channel-order", "Channel order",
          "Order of the color channels in the tensor",
          GST_TYPE_CUDA_PREPROC_CHANNEL_ORDER, DEFAULT_PROP_CHANNEL_ORDER,
          PARAM_FLAGS));
  /**
   * GstCudaPreproc:color-matrix:
   *
   * The YUV to RGB matrix: auto takes the caps' colorimetry (GStreamer's
   * default for the frame size where the caps have none); the others
   * force one whatever the caps say, e.g. bt601 for the colours OpenCV's
   * cvtColor (and models trained on it) use (docs/semantics.md).  Ignored
   * for RGB and GRAY8 input.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_COLOR_MATRIX,
      g_param_spec_enum ("color-matrix", "Color matrix",
          "YUV to RGB matrix (auto: from the caps)",
          GST_TYPE_CUDA_PREPROC_COLOR_MATRIX, DEFAULT_PROP_COLOR_MATRIX,
          PARAM_FLAGS));
  /**
   * GstCudaPreproc:color-range:
   *
   * The input's range: auto takes the caps' colorimetry (full range for
   * RGB and GRAY8 input without one); limited or full force it.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_COLOR_RANGE,
      g_param_spec_enum ("color-range", "Color range",
          "Input range (auto: from the caps)",
          GST_TYPE_CUDA_PREPROC_COLOR_RANGE, DEFAULT_PROP_COLOR_RANGE,
          PARAM_FLAGS));
  /**
   * GstCudaPreproc:color-conversion:
   *
   * How YUV input becomes RGB: exact (the matrix and range of
   * color-matrix, color-range or the caps, after interpolation), opencv
   * (OpenCV cvtColor's COLOR_YUV2RGB_NV12 and friends: BT.601 limited
   * range with its fixed-point coefficients and luma below 16 black, in
   * float after interpolation), opencv-8bit (cvtColor then resize: each
   * source pixel converted to 8-bit RGB bit-exactly as cvtColor does, then
   * interpolated) or videoconvert (videoconvert then resize: each source
   * pixel converted to 8-bit RGB bit-exactly as GStreamer's videoconvert
   * does, with the matrix and range in its 8-bit fixed point and, with
   * chroma-interpolation=bilinear, its integer chroma upsampling; then
   * interpolated).  opencv and opencv-8bit ignore color-matrix,
   * color-range and the caps' colorimetry; opencv-8bit ignores
   * chroma-interpolation.  No effect on RGB and GRAY8 input
   * (docs/semantics.md section 3).
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_COLOR_CONVERSION,
      g_param_spec_enum ("color-conversion", "Color conversion",
          "YUV to RGB conversion (exact: color-matrix and color-range; "
          "opencv, opencv-8bit: OpenCV cvtColor's; videoconvert: "
          "GStreamer videoconvert's 8-bit)",
          GST_TYPE_CUDA_PREPROC_COLOR_CONVERSION,
          DEFAULT_PROP_COLOR_CONVERSION, PARAM_FLAGS));
  /**
   * GstCudaPreproc:chroma-interpolation:
   *
   * The chroma of each source pixel of a 4:2:0 or 4:2:2 input: nearest
   * (the sample of its 2x2 or 2x1 block), bilinear (linear on the chroma
   * plane at the caps' chroma-site as GstVideoInfo reads it (unknown:
   * centered; GStreamer 1.22.0 keeps a chroma-site only in caps with a
   * colorimetry, else takes its default for the frame size),
   * clamped at the plane's edges: videoconvert's chroma upsampling) or
   * swscale (what FFmpeg's swscale gives with full_chroma_int at the
   * frame's own size: linear horizontally at the centered site, whatever
   * the caps say; vertically, for 4:2:0, one chroma row or the mean of
   * two, not an interpolation).  No effect on other inputs
   * (docs/semantics.md section 2).
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_CHROMA_INTERPOLATION,
      g_param_spec_enum ("chroma-interpolation", "Chroma interpolation",
          "Chroma of subsampled YUV input (bilinear: at the caps' "
          "chroma-site; swscale: FFmpeg's full_chroma_int)",
          GST_TYPE_CUDA_PREPROC_CHROMA_INTERPOLATION,
          DEFAULT_PROP_CHROMA_INTERPOLATION, PARAM_FLAGS));
  /**
   * GstCudaPreproc:layout:
   *
   * Memory layout of the tensor.  While it is not set, downstream's fixed
   * dimensions choose it (3 innermost: NHWC, 3 third: NCHW).  Changing it
   * while playing renegotiates.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_LAYOUT,
      g_param_spec_enum ("layout", "Layout", "Memory layout of the tensor",
          GST_TYPE_CUDA_PREPROC_LAYOUT, DEFAULT_PROP_LAYOUT, PARAM_FLAGS));
}

static void
install_normalization_properties (GObjectClass * gobject_class)
{
  /**
   * GstCudaPreproc:scale:
   *
   * Factor applied to the 0..255 value before the mean is subtracted:
   * out = (value * scale - mean[c]) / std[c].  Must be finite.  While it
   * is not set it follows the tensor's type: 1/255 for float32 and float16
   * (values in 0..1), 1 for uint8 and int8 (the pixel values a quantized
   * model takes); reading it gives that of #GstCudaPreproc:data-type.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_SCALE,
      g_param_spec_double ("scale", "Scale",
          "Factor on the 0-255 value: out = (value * scale - mean) / std",
          -G_MAXDOUBLE, G_MAXDOUBLE, DEFAULT_PROP_SCALE, PARAM_FLAGS));
  /**
   * GstCudaPreproc:mean:
   *
   * Per-channel mean, three values in tensor channel order (after
   * #GstCudaPreproc:channel-order), e.g. `mean="<0.485,0.456,0.406>"`.
   * Values must be finite numbers (integers are taken too, as in
   * `mean="<0,0,0>"`); anything else is refused with a warning naming the
   * rule that failed, and the previous value is kept.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_MEAN,
      gst_param_spec_array ("mean", "Mean",
          "Per-channel mean, 3 numbers in tensor channel order",
          NULL, PARAM_FLAGS));
  /**
   * GstCudaPreproc:std:
   *
   * Per-channel standard deviation, three values in tensor channel order,
   * e.g. `std="<0.229,0.224,0.225>"`.  Values must be finite, non-zero
   * numbers (integers are taken too); anything else is refused with a
   * warning naming the rule that failed, and the previous value is kept.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_STD,
      gst_param_spec_array ("std", "Std",
          "Per-channel standard deviation, 3 non-zero numbers in tensor "
          "channel order", NULL, PARAM_FLAGS));
  /**
   * GstCudaPreproc:data-type:
   *
   * Element type of the tensor: float32, float16 (IEEE half, rounded
   * to nearest even; the same bits on the CPU and CUDA paths; needs
   * normalized values within +-65504), uint8 (the normalized value
   * saturated to 0..255 and rounded half to even; the default scale is
   * then 1: the pixel values) or int8 (the uint8 value minus 128).  While
   * it is not set, a downstream that fixes types chooses it; an integer
   * type whose normalization leaves fewer than 16 values per channel is
   * warned about once.  Changing it while playing renegotiates.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_DATA_TYPE,
      g_param_spec_enum ("data-type", "Data type",
          "Element type of the tensor", GST_TYPE_CUDA_PREPROC_DATA_TYPE,
          DEFAULT_PROP_DATA_TYPE, PARAM_FLAGS));
}

static void
install_execution_properties (GObjectClass * gobject_class)
{
  /**
   * GstCudaPreproc:n-threads:
   *
   * Threads that compute a frame on the CPU path (input in system memory),
   * the streaming thread included: 1 (the default, as videoconvert) keeps
   * the work on the streaming thread, 0 uses one thread per online CPU
   * core.  The rows of the tensor are shared out among them; the output is
   * the same, bit for bit, whatever the count.  The CUDA path ignores it.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_N_THREADS,
      g_param_spec_uint ("n-threads", "Threads",
          "Threads for the CPU path, the streaming thread included "
          "(0 = one per CPU core)", 0, PREP_WORKERS_MAX,
          DEFAULT_PROP_N_THREADS, PARAM_FLAGS));
}

/* cudapreproc's own: what goes downstream */
static void
install_output_properties (GObjectClass * gobject_class)
{
  /**
   * GstCudaPreproc:output-mode:
   *
   * What the element hands downstream.  tensor (the default): the tensor
   * replaces the frame, as NNStreamer's other/tensors.  meta: the video
   * frame passes through unchanged (the same caps and memory, so
   * overlays, encoders and sinks after it see it) and carries the tensor
   * as a GstTensorMeta (GStreamer's analytics library, 1.26 and later)
   * holding one GstTensor named #GstCudaPreproc:tensor-id; on 1.28 and
   * later each slot's part of it is also a GstAnalyticsTensorMtd related
   * to the slot's object (docs/analytics.md).  A build against GStreamer
   * 1.22 or 1.24, or without the analytics library, refuses meta with an
   * element warning naming 1.26.  Can only be changed in the NULL and
   * READY states.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_OUTPUT_MODE,
      g_param_spec_enum ("output-mode", "Output mode",
          "The tensor as the output, or the video with the tensor as a "
          "GstTensorMeta (GStreamer 1.26+)", GST_TYPE_CUDA_PREPROC_OUTPUT_MODE,
          DEFAULT_PROP_OUTPUT_MODE, G_PARAM_READWRITE |
          GST_PARAM_MUTABLE_READY | G_PARAM_STATIC_STRINGS));
  /**
   * GstCudaPreproc:tensor-id:
   *
   * With output-mode=meta, the id of the tensor in the GstTensorMeta (a
   * GQuark of this string), which an inference element looks it up by;
   * also in the box meta's tensor-id.  A buffer that already has a tensor
   * of this id (from another element) gets it replaced.  Must not be
   * empty.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_TENSOR_ID,
      g_param_spec_string ("tensor-id", "Tensor id",
          "With output-mode=meta, the id of the tensor in the GstTensorMeta",
          DEFAULT_PROP_TENSOR_ID, PARAM_FLAGS));
  /**
   * GstCudaPreproc:tensor-memory:
   *
   * With output-mode=meta, where the tensor's data is: auto (the default)
   * in CUDA memory when the input is in CUDA memory (the kernel's output
   * stays on the GPU; map it with GST_MAP_CUDA), else in system memory;
   * system: always in system memory (a CUDA input's tensor is
   * downloaded).  With output-mode=tensor the output caps decide.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_TENSOR_MEMORY,
      g_param_spec_enum ("tensor-memory", "Tensor memory",
          "With output-mode=meta, where the tensor lives (auto: the input's)",
          GST_TYPE_CUDA_PREPROC_TENSOR_MEMORY, DEFAULT_PROP_TENSOR_MEMORY,
          PARAM_FLAGS));
}

void
gst_cuda_preproc_settings_install_cuda (GObjectClass * gobject_class)
{
  /**
   * GstCudaPreproc:output-buffers:
   *
   * Most tensors of CUDA input the element has in flight: its output pool
   * holds at most this many, CUDA tensors or, for a tensor in system
   * memory, the pinned (page-locked) host tensors the device copies it
   * into.  A consumer that keeps them all (a slow appsink with an
   * unbounded queue) makes the element wait for one to be released
   * instead of allocating more device or pinned memory.  Raise it when
   * downstream holds more buffers at once (a batching element).  Taken
   * when the pool is made (the first CUDA frame, or a new tensor size).
   * The CPU path ignores it.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_OUTPUT_BUFFERS,
      g_param_spec_uint ("output-buffers", "Output buffers",
          "Most tensors of CUDA input in flight (the output pool's size)", 1,
          1024, DEFAULT_PROP_OUTPUT_BUFFERS, PARAM_FLAGS));
  /**
   * GstCudaPreproc:cuda-device-id:
   *
   * The CUDA device checked before CUDA caps are offered when no neighbour
   * or application shares a context with the element (-1: any, which is
   * device 0): CUDA memory is offered only when that device can run the
   * element's kernel.  The element makes no context of its own: buffers
   * that arrive in CUDA memory are processed in their own memory's
   * context.  Only used with CUDA memory.  Can only be changed in the NULL
   * and READY states: a change in PAUSED or PLAYING is refused with an
   * element warning, and the previous value stays.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_CUDA_DEVICE_ID,
      g_param_spec_int ("cuda-device-id", "CUDA device id",
          "CUDA device checked before CUDA memory is offered (-1 = any)", -1,
          G_MAXINT, DEFAULT_PROP_CUDA_DEVICE_ID, G_PARAM_READWRITE |
          GST_PARAM_MUTABLE_READY | G_PARAM_STATIC_STRINGS));
}

static void
install_batch_properties (GObjectClass * gobject_class)
{
  /**
   * GstCudaPreproc:rois:
   *
   * Regions of interest in frame pixels, one slot of the batch each:
   * `rois="<<x,y,width,height>,<x,y,width,height>>"`, at most 64.  Each is
   * cropped, converted, resized and normalized like the crop, all in the
   * same pass.  Empty (the default): one slot from the crop-* properties.
   * Width and height must be positive; a value that is not a list of
   * 4-integer arrays is refused with a warning that shows this form.  A
   * rectangle partly outside the frame is clamped with an element warning.
   * While a stream plays, a value with a rectangle wholly outside the frame
   * is refused with an element warning naming it and the frame size (the
   * previous value stays); before the first caps such a value fails
   * negotiation, as the crop does.  Used with roi-source=property.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_ROIS,
      gst_param_spec_array ("rois", "Regions of interest",
          "Rectangles <x,y,width,height> in frame pixels, one batch slot "
          "each: \"<<x,y,w,h>,...>\" (empty = the crop)", NULL, PARAM_FLAGS));
  /**
   * GstCudaPreproc:roi-source:
   *
   * Where the rectangles come from: the #GstCudaPreproc:rois property (or
   * the crop), or the objects of each buffer's metas: its
   * #GstVideoRegionOfInterestMeta in meta order, then (GStreamer 1.24+)
   * the GstAnalyticsODMtd of its GstAnalyticsRelationMeta in id order,
   * those that #GstCudaPreproc:roi-type, #GstCudaPreproc:roi-types,
   * #GstCudaPreproc:roi-min-size, #GstCudaPreproc:roi-max-size and
   * #GstCudaPreproc:roi-min-confidence select.  Metadata
   * rectangles partly outside the frame are clamped and empty ones skipped
   * (debug log); the first batch-size are used, the rest dropped (the
   * first frame that drops some posts one element warning per stream,
   * saying how many and to raise #GstCudaPreproc:batch-size; the rest a
   * debug log); unused slots hold the normalized pad value.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_ROI_SOURCE,
      g_param_spec_enum ("roi-source", "ROI source",
          "Where the batch's rectangles come from",
          GST_TYPE_CUDA_PREPROC_ROI_SOURCE, DEFAULT_PROP_ROI_SOURCE,
          PARAM_FLAGS));
  /**
   * GstCudaPreproc:roi-type:
   *
   * With roi-source=meta, only the objects of this label (the ROI metas'
   * type, the ODMtds' label, e.g. "person"); NULL or empty (the default)
   * takes every one.  #GstCudaPreproc:roi-types takes several.
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_ROI_TYPE,
      g_param_spec_string ("roi-type", "ROI type",
          "With roi-source=meta, only objects of this label (empty = all)",
          DEFAULT_PROP_ROI_TYPE, PARAM_FLAGS));
  gst_cuda_preproc_roi_props_install (gobject_class, PROP_ROI_TYPES,
      PARAM_FLAGS);
  /**
   * GstCudaPreproc:batch-size:
   *
   * Slots N of the tensor [N, 3, H, W] (fixed in the caps: dimensions
   * W:H:3:N).  0 (the default) means the number of #GstCudaPreproc:rois
   * with roi-source=property, else 1; while it is 0 and no rois are in
   * use, downstream caps with a fixed batch choose it.  With
   * roi-source=meta set it to the most objects a frame may carry: the
   * number of valid slots varies per buffer and travels in the box meta
   * (docs/meta.md).
   *
   * Since: 0.1
   */
  g_object_class_install_property (gobject_class, PROP_BATCH_SIZE,
      g_param_spec_uint ("batch-size", "Batch size",
          "Slots of the tensor (0 = the number of rois, or 1)", 0,
          PREP_BATCH_MAX, DEFAULT_PROP_BATCH_SIZE, PARAM_FLAGS));
}

void
gst_cuda_preproc_settings_install_tensor (GObjectClass * gobject_class)
{
  install_geometry_properties (gobject_class);
  install_mapping_properties (gobject_class);
  install_normalization_properties (gobject_class);
  install_execution_properties (gobject_class);
}

void
gst_cuda_preproc_settings_install (GObjectClass * gobject_class)
{
  install_batch_properties (gobject_class);
  install_crop_properties (gobject_class);
  gst_cuda_preproc_settings_install_tensor (gobject_class);
  install_output_properties (gobject_class);
  gst_cuda_preproc_settings_install_cuda (gobject_class);
}

void
gst_cuda_preproc_settings_init (GstCudaPreprocSettings * s)
{
  gint c;

  s->width = DEFAULT_PROP_WIDTH;
  s->height = DEFAULT_PROP_HEIGHT;
  s->size_set = FALSE;
  s->crop.x = DEFAULT_PROP_CROP_X;
  s->crop.y = DEFAULT_PROP_CROP_Y;
  s->crop.width = DEFAULT_PROP_CROP_WIDTH;
  s->crop.height = DEFAULT_PROP_CROP_HEIGHT;
  s->crop_rect_set = FALSE;
  s->aspect = DEFAULT_PROP_ASPECT;
  s->pad_value = DEFAULT_PROP_PAD_VALUE;
  s->pad_values_set = FALSE;
  s->interpolation = DEFAULT_PROP_INTERPOLATION;
  s->channel_order = DEFAULT_PROP_CHANNEL_ORDER;
  s->layout = DEFAULT_PROP_LAYOUT;
  s->cuda_device_id = DEFAULT_PROP_CUDA_DEVICE_ID;
  s->n_threads = DEFAULT_PROP_N_THREADS;
  s->output_buffers = DEFAULT_PROP_OUTPUT_BUFFERS;
  s->scale = DEFAULT_PROP_SCALE;
  s->n_rois = 0;
  s->roi_source = DEFAULT_PROP_ROI_SOURCE;
  s->roi_type = 0;
  gst_cuda_preproc_roi_filter_init (&s->roi_props);
  s->output_mode = DEFAULT_PROP_OUTPUT_MODE;
  s->tensor_id = g_quark_from_static_string (DEFAULT_PROP_TENSOR_ID);
  s->tensor_memory = DEFAULT_PROP_TENSOR_MEMORY;
  s->batch_size = DEFAULT_PROP_BATCH_SIZE;
  s->data_type = DEFAULT_PROP_DATA_TYPE;
  s->color_matrix = DEFAULT_PROP_COLOR_MATRIX;
  s->color_range = DEFAULT_PROP_COLOR_RANGE;
  s->color_conversion = DEFAULT_PROP_COLOR_CONVERSION;
  s->chroma_interpolation = DEFAULT_PROP_CHROMA_INTERPOLATION;
  s->letterbox_align = DEFAULT_PROP_LETTERBOX_ALIGN;
  s->crop_fraction = DEFAULT_PROP_CROP_FRACTION;
  s->antialias = DEFAULT_PROP_ANTIALIAS;
  s->letterbox_rounding = DEFAULT_PROP_LETTERBOX_ROUNDING;
  for (c = 0; c < 3; c++) {
    s->mean[c] = DEFAULT_PROP_MEAN;
    s->std[c] = DEFAULT_PROP_STD;
  }
}

static const gchar *const ordinals[] = { "first", "second", "third" };

/* Reads a 3-value array of numbers (doubles, or integers as Python and
 * gst-launch give them); NULL, or why not (to free). */
static gchar *
settings_read_doubles (const GValue * value, gdouble * out, guint want)
{
  guint i, n = gst_value_array_get_size (value);

  if (n != want)
    return g_strdup_printf ("it needs exactly %u values, not %u", want, n);
  for (i = 0; i < want; i++) {
    const GValue *e = gst_value_array_get_value (value, i);
    GValue d = G_VALUE_INIT;

    g_value_init (&d, G_TYPE_DOUBLE);
    if (!G_VALUE_HOLDS (e, G_TYPE_STRING) && g_value_transform (e, &d)) {
      out[i] = g_value_get_double (&d);
      continue;
    }
    return g_strdup_printf ("the %s value is a %s, not a number",
        ordinals[i], G_VALUE_TYPE_NAME (e));
  }
  return NULL;
}

static gchar *
settings_read_triple (const GValue * value, gdouble out[3])
{
  return settings_read_doubles (value, out, 3);
}

gchar *
gst_cuda_preproc_settings_read_crop_rect (const GValue * value,
    gdouble out[4], gboolean * set)
{
  *set = gst_value_array_get_size (value) > 0;
  if (!*set)
    return NULL;
  return settings_read_doubles (value, out, 4);
}

/* The rules of prep_plan_new_windows (): finite, not empty, inside the
 * frame. */
gchar *
gst_cuda_preproc_settings_crop_rect_refusal (const gdouble r[4], gint width,
    gint height)
{
  const gchar *rule = NULL;

  if (!isfinite (r[0]) || !isfinite (r[1]) || !isfinite (r[2]) ||
      !isfinite (r[3]))
    rule = "its values must be finite";
  else if (r[2] <= 0.0 || r[3] <= 0.0)
    rule = "its width and height must be positive";
  else if (r[0] < 0.0 || r[1] < 0.0 || r[0] + r[2] > width ||
      r[1] + r[3] > height)
    rule = "it must lie inside the frame";
  if (rule == NULL)
    return NULL;
  return g_strdup_printf ("crop-rect <%.12g, %.12g, %.12g, %.12g> is no "
      "window of the %dx%d frame: %s", r[0], r[1], r[2], r[3], width, height,
      rule);
}

gchar *
gst_cuda_preproc_settings_read_pad_values (const GValue * value,
    gdouble out[3], gboolean * set)
{
  gchar *why;
  gint c;

  *set = gst_value_array_get_size (value) > 0;
  if (!*set)
    return NULL;
  if ((why = settings_read_triple (value, out)) != NULL)
    return why;
  for (c = 0; c < 3; c++)
    if (!isfinite (out[c]) || out[c] < 0.0 || out[c] > 255.0)
      return g_strdup_printf ("the %s value, %g, is outside 0..255",
          ordinals[c], out[c]);
  return NULL;
}

/* The rule of docs/properties.md that scale, mean and std break, or NULL
 * (prep_normalization_validate () has the last word). */
static gchar *
settings_normalization_rule (gdouble scale, const gdouble mean[3],
    const gdouble std[3])
{
  gint c;

  if (!isfinite (scale))
    return g_strdup ("scale must be a finite number");
  for (c = 0; c < 3; c++) {
    if (!isfinite (mean[c]))
      return g_strdup_printf ("the %s mean value is not finite", ordinals[c]);
    if (!isfinite (std[c]))
      return g_strdup_printf ("the %s std value is not finite", ordinals[c]);
    if (std[c] == 0.0)
      return g_strdup_printf ("the %s std value is 0", ordinals[c]);
  }
  if (prep_normalization_validate (scale, mean, std) != PREP_OK)
    return g_strdup ("(255 * scale - mean) / std must fit in a float for "
        "every channel");
  return NULL;
}

gdouble
gst_cuda_preproc_settings_scale (const GstCudaPreprocSettings * s,
    PrepDataType dtype)
{
  if (s->scale_set)
    return s->scale;
  return dtype == PREP_DTYPE_UINT8 || dtype == PREP_DTYPE_INT8 ? 1.0 :
      PREP_DEFAULT_SCALE;
}

/* The normalization that setting @prop_id (scale, mean or std) to @value
 * would give, in @n (from @s for the others); NULL, or the one rule it
 * breaks (to free). */
gchar *
gst_cuda_preproc_settings_check_normalization (const GstCudaPreprocSettings
    * s, guint prop_id, const GValue * value, GstCudaPreprocNormalization * n)
{
  gchar *why = NULL;

  n->scale = gst_cuda_preproc_settings_scale (s, (PrepDataType) s->data_type);
  memcpy (n->mean, s->mean, sizeof (n->mean));
  memcpy (n->std, s->std, sizeof (n->std));
  if (prop_id == PROP_SCALE)
    n->scale = g_value_get_double (value);
  else
    why = settings_read_triple (value, prop_id == PROP_MEAN ? n->mean : n->std);
  if (why == NULL)
    why = settings_normalization_rule (n->scale, n->mean, n->std);
  return why;
}

/* One integer entry, of any integer GType (gst-launch gives gint, Python
 * may give gint64); FALSE for anything else or a value outside gint. */
static gboolean
settings_read_int (const GValue * e, gint * out)
{
  GValue v = G_VALUE_INIT;
  gint64 i;

  if (!G_VALUE_HOLDS_INT (e) && !G_VALUE_HOLDS_UINT (e) &&
      !G_VALUE_HOLDS_INT64 (e) && !G_VALUE_HOLDS_UINT64 (e) &&
      !G_VALUE_HOLDS_LONG (e) && !G_VALUE_HOLDS_ULONG (e))
    return FALSE;
  g_value_init (&v, G_TYPE_INT64);
  if (!g_value_transform (e, &v))
    return FALSE;
  i = g_value_get_int64 (&v);
  if (G_VALUE_HOLDS_UINT64 (e) && g_value_get_uint64 (e) > G_MAXINT)
    return FALSE;
  if (i < G_MININT || i > G_MAXINT)
    return FALSE;
  *out = (gint) i;
  return TRUE;
}

/* Reads rectangle @i, <x,y,width,height>; NULL, or what is wrong with it
 * (to free). */
static gchar *
settings_read_rect (const GValue * v, guint i, PrepRect * r)
{
  gint f[4], k;

  if (!GST_VALUE_HOLDS_ARRAY (v))
    return g_strdup_printf ("entry %u is a %s, not a rectangle "
        "<x,y,width,height>", i, G_VALUE_TYPE_NAME (v));
  if (gst_value_array_get_size (v) != 4)
    return g_strdup_printf ("rectangle %u has %u values, not 4", i,
        gst_value_array_get_size (v));
  for (k = 0; k < 4; k++)
    if (!settings_read_int (gst_value_array_get_value (v, k), &f[k]))
      return g_strdup_printf ("value %d of rectangle %u is not an integer",
          k, i);
  r->x = f[0];
  r->y = f[1];
  r->width = f[2];
  r->height = f[3];
  if (r->width <= 0 || r->height <= 0)
    return g_strdup_printf ("rectangle %u is %dx%d: width and height must be "
        "positive", i, r->width, r->height);
  return NULL;
}

/* Reads the rois value into @rects; NULL, or why it is refused (to free). */
gchar *
gst_cuda_preproc_settings_read_rois (const GValue * value, PrepRect * rects,
    guint * n_rects)
{
  guint i, n = gst_value_array_get_size (value);
  gchar *why;

  if (n > PREP_BATCH_MAX)
    return g_strdup_printf ("%u rectangles, more than the %d slots of a "
        "batch", n, PREP_BATCH_MAX);
  for (i = 0; i < n; i++)
    if ((why = settings_read_rect (gst_value_array_get_value (value, i), i,
                &rects[i])) != NULL)
      return why;
  *n_rects = n;
  return NULL;
}

gchar *
gst_cuda_preproc_settings_rects_refusal (const GstCudaPreprocSettings * now,
    guint prop_id, const GValue * value, gint frame_width, gint frame_height)
{
  GstCudaPreprocSettings s = *now;
  const PrepRect *rects = s.n_rois > 0 ? s.rois : &s.crop;
  PrepRect r;
  guint i;
  gint part;
  gchar *why;

  if (frame_width <= 0 || s.roi_source == GST_CUDA_PREPROC_ROI_SOURCE_META)
    return NULL;
  if (prop_id == PROP_ROIS) {
    if ((why = gst_cuda_preproc_settings_read_rois (value, s.rois,
                &s.n_rois)) != NULL) {
      g_free (why);             /* the setter refuses it with a warning */
      return NULL;
    }
    rects = s.n_rois > 0 ? s.rois : &s.crop;
  } else if (s.n_rois > 0) {
    return NULL;                /* the crop is not used */
  } else {
    gint *field[] = { &s.crop.x, &s.crop.y, &s.crop.width, &s.crop.height };

    *field[prop_id - PROP_CROP_X] = g_value_get_int (value);
  }
  for (i = 0; i < MAX (s.n_rois, 1); i++)
    if (prep_crop_resolve (frame_width, frame_height, &rects[i], &r,
            &part) != PREP_OK)
      goto outside;
  return NULL;

  /* ERRORS */
outside:
  {
    gchar what[32];

    g_snprintf (what, sizeof (what), s.n_rois > 0 ? "ROI %u" : "the crop", i);
    return g_strdup_printf ("%s (x=%d, y=%d, width=%d, height=%d) is empty "
        "or lies outside the %dx%d frame being played", what, rects[i].x,
        rects[i].y, rects[i].width, rects[i].height, frame_width, frame_height);
  }
}
