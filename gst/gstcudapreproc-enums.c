/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The enum types of cudapreproc's properties.  Their values are those of
 * the engine's enums (src/prep.h), so the element passes them through. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstcudapreproc-enums.h"
#include "prep.h"

static GType
register_enum (const gchar * name, const GEnumValue * values)
{
  GType type = g_enum_register_static (name, values);

  gst_type_mark_as_plugin_api (type, 0);
  return type;
}

/**
 * GstCudaPreprocAspect:
 * @GST_CUDA_PREPROC_ASPECT_STRETCH: scale the crop onto the whole tensor
 * @GST_CUDA_PREPROC_ASPECT_LETTERBOX: keep the aspect ratio, center the
 *   crop, fill the bands with #GstCudaPreproc:pad-value
 * @GST_CUDA_PREPROC_ASPECT_COVER: keep the aspect ratio, scale the crop to
 *   cover the tensor, center it and cut the overflow (see
 *   #GstCudaPreproc:crop-fraction)
 *
 * Since: 0.1
 */
GType
gst_cuda_preproc_aspect_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {PREP_ASPECT_STRETCH, "Stretch the crop onto the whole tensor",
        "stretch"},
    {PREP_ASPECT_LETTERBOX,
          "Keep the aspect ratio, center, pad the bands with pad-value",
        "letterbox"},
    {PREP_ASPECT_COVER, "Keep the aspect ratio, cover the tensor, center, "
          "cut the overflow", "cover"},
    {0, NULL, NULL}
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, register_enum ("GstCudaPreprocAspect", values));
  return type;
}

/**
 * GstCudaPreprocInterpolation:
 * @GST_CUDA_PREPROC_INTERPOLATION_BILINEAR: 2x2 taps, half-pixel centers
 * @GST_CUDA_PREPROC_INTERPOLATION_NEAREST: the source pixel nearest the
 *     output pixel's centre (half-pixel centers; torch nearest-exact)
 * @GST_CUDA_PREPROC_INTERPOLATION_NEAREST_FLOOR: the source pixel under the
 *     output pixel's left and top edges, floor (x * in / out) (torch
 *     nearest, OpenCV INTER_NEAREST)
 * @GST_CUDA_PREPROC_INTERPOLATION_BICUBIC: 4x4 taps of Keys' cubic
 *     (A = -0.75), half-pixel centers (torch bicubic, OpenCV INTER_CUBIC);
 *     with antialias PIL's BICUBIC (a = -0.5, widened when downscaling)
 *
 * Since: 0.1
 */
GType
gst_cuda_preproc_interpolation_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {PREP_INTERP_BILINEAR, "Bilinear (half-pixel centers)", "bilinear"},
    {PREP_INTERP_NEAREST, "Nearest neighbour (torch nearest-exact)",
        "nearest"},
    {PREP_INTERP_NEAREST_FLOOR, "Nearest, floor (torch nearest, OpenCV "
          "INTER_NEAREST)", "nearest-floor"},
    {PREP_INTERP_BICUBIC, "Bicubic (torch bicubic, OpenCV INTER_CUBIC; "
          "with antialias PIL's)", "bicubic"},
    {0, NULL, NULL}
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, register_enum ("GstCudaPreprocInterpolation",
            values));
  return type;
}

/**
 * GstCudaPreprocChannelOrder:
 * @GST_CUDA_PREPROC_CHANNEL_ORDER_RGB: channel 0 is red
 * @GST_CUDA_PREPROC_CHANNEL_ORDER_BGR: channel 0 is blue
 * @GST_CUDA_PREPROC_CHANNEL_ORDER_GRAY: one channel, the luma (of an RGB
 *     input: BT.601's 0.299 R + 0.587 G + 0.114 B)
 *
 * Since: 0.1
 */
GType
gst_cuda_preproc_channel_order_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {PREP_ORDER_RGB, "Red, green, blue", "rgb"},
    {PREP_ORDER_BGR, "Blue, green, red", "bgr"},
    {PREP_ORDER_GRAY, "One channel, the luma (dimensions W:H:1:N)", "gray"},
    {0, NULL, NULL}
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, register_enum ("GstCudaPreprocChannelOrder",
            values));
  return type;
}

/**
 * GstCudaPreprocLayout:
 * @GST_CUDA_PREPROC_LAYOUT_NCHW: planar, N x 3 x height x width
 * @GST_CUDA_PREPROC_LAYOUT_NHWC: interleaved, N x height x width x 3
 *
 * Since: 0.1
 */
GType
gst_cuda_preproc_layout_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {PREP_LAYOUT_NCHW, "Planar Nx3xHxW (NNStreamer dimensions W:H:3:N)",
        "nchw"},
    {PREP_LAYOUT_NHWC, "Interleaved NxHxWx3 (NNStreamer dimensions 3:W:H:N)",
        "nhwc"},
    {0, NULL, NULL}
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, register_enum ("GstCudaPreprocLayout", values));
  return type;
}

/**
 * GstCudaPreprocRoiSource:
 * @GST_CUDA_PREPROC_ROI_SOURCE_PROPERTY: the #GstCudaPreproc:rois property,
 *     or the crop when it is empty
 * @GST_CUDA_PREPROC_ROI_SOURCE_META: the objects of each buffer's metas:
 *     its #GstVideoRegionOfInterestMeta, and the GstAnalyticsODMtd of its
 *     GstAnalyticsRelationMeta (GStreamer 1.24+)
 *
 * Since: 0.1
 */
GType
gst_cuda_preproc_roi_source_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CUDA_PREPROC_ROI_SOURCE_PROPERTY,
        "The rois property (or the crop when it is empty)", "property"},
    {GST_CUDA_PREPROC_ROI_SOURCE_META,
        "The objects of each buffer's metas (ROI metas, ODMtd)", "meta"},
    {0, NULL, NULL}
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, register_enum ("GstCudaPreprocRoiSource",
            values));
  return type;
}

/**
 * GstCudaPreprocOutputMode:
 * @GST_CUDA_PREPROC_OUTPUT_MODE_TENSOR: the tensor replaces the frame
 *     (other/tensors caps)
 * @GST_CUDA_PREPROC_OUTPUT_MODE_META: the frame passes through unchanged
 *     and carries the tensor as a GstTensorMeta (GStreamer 1.26+)
 *
 * Since: 0.1
 */
GType
gst_cuda_preproc_output_mode_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CUDA_PREPROC_OUTPUT_MODE_TENSOR,
        "The tensor replaces the frame (other/tensors)", "tensor"},
    {GST_CUDA_PREPROC_OUTPUT_MODE_META,
          "The frame passes through with the tensor as a GstTensorMeta",
        "meta"},
    {0, NULL, NULL}
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, register_enum ("GstCudaPreprocOutputMode",
            values));
  return type;
}

/**
 * GstCudaPreprocTensorMemory:
 * @GST_CUDA_PREPROC_TENSOR_MEMORY_AUTO: CUDA memory when the input is in
 *     CUDA memory, system memory otherwise
 * @GST_CUDA_PREPROC_TENSOR_MEMORY_SYSTEM: system memory always (a CUDA
 *     tensor is downloaded)
 *
 * Since: 0.1
 */
GType
gst_cuda_preproc_tensor_memory_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CUDA_PREPROC_TENSOR_MEMORY_AUTO,
        "The input's: CUDA for CUDA input, else system", "auto"},
    {GST_CUDA_PREPROC_TENSOR_MEMORY_SYSTEM, "System memory", "system"},
    {0, NULL, NULL}
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, register_enum ("GstCudaPreprocTensorMemory",
            values));
  return type;
}

/**
 * GstCudaPreprocDataType:
 * @GST_CUDA_PREPROC_DATA_TYPE_FLOAT32: IEEE single precision
 * @GST_CUDA_PREPROC_DATA_TYPE_FLOAT16: IEEE half precision, rounded to
 *     nearest even
 * @GST_CUDA_PREPROC_DATA_TYPE_UINT8: 0..255, the value saturated and rounded
 *     to nearest even
 * @GST_CUDA_PREPROC_DATA_TYPE_INT8: the uint8 value minus 128
 *
 * Since: 0.1
 */
GType
gst_cuda_preproc_data_type_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {PREP_DTYPE_FLOAT32, "32-bit float (caps types=float32)", "float32"},
    {PREP_DTYPE_FLOAT16, "16-bit float, round to nearest even "
          "(caps types=float16)", "float16"},
    {PREP_DTYPE_UINT8, "8-bit unsigned, saturated, round to nearest even "
          "(caps types=uint8)", "uint8"},
    {PREP_DTYPE_INT8, "8-bit signed: the uint8 value minus 128 "
          "(caps types=int8)", "int8"},
    {0, NULL, NULL}
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, register_enum ("GstCudaPreprocDataType", values));
  return type;
}

/**
 * GstCudaPreprocColorMatrix:
 * @GST_CUDA_PREPROC_COLOR_MATRIX_AUTO: the caps' colorimetry
 * @GST_CUDA_PREPROC_COLOR_MATRIX_BT601: ITU-R BT.601 (what OpenCV's
 *     cvtColor uses)
 * @GST_CUDA_PREPROC_COLOR_MATRIX_BT709: ITU-R BT.709
 * @GST_CUDA_PREPROC_COLOR_MATRIX_BT2020: ITU-R BT.2020, non-constant
 *     luminance
 *
 * Since: 0.1
 */
GType
gst_cuda_preproc_color_matrix_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CUDA_PREPROC_COLOR_MATRIX_AUTO, "The caps' colorimetry", "auto"},
    {GST_CUDA_PREPROC_COLOR_MATRIX_BT601, "BT.601", "bt601"},
    {GST_CUDA_PREPROC_COLOR_MATRIX_BT709, "BT.709", "bt709"},
    {GST_CUDA_PREPROC_COLOR_MATRIX_BT2020, "BT.2020", "bt2020"},
    {0, NULL, NULL}
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, register_enum ("GstCudaPreprocColorMatrix",
            values));
  return type;
}

/**
 * GstCudaPreprocColorRange:
 * @GST_CUDA_PREPROC_COLOR_RANGE_AUTO: the caps' colorimetry
 * @GST_CUDA_PREPROC_COLOR_RANGE_LIMITED: Y 16..235, chroma 16..240 (RGB
 *     16..235)
 * @GST_CUDA_PREPROC_COLOR_RANGE_FULL: 0..255
 *
 * Since: 0.1
 */
GType
gst_cuda_preproc_color_range_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CUDA_PREPROC_COLOR_RANGE_AUTO, "The caps' colorimetry", "auto"},
    {GST_CUDA_PREPROC_COLOR_RANGE_LIMITED, "Limited (16..235)", "limited"},
    {GST_CUDA_PREPROC_COLOR_RANGE_FULL, "Full (0..255)", "full"},
    {0, NULL, NULL}
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, register_enum ("GstCudaPreprocColorRange",
            values));
  return type;
}

/**
 * GstCudaPreprocColorConversion:
 * @GST_CUDA_PREPROC_COLOR_CONVERSION_EXACT: the matrix and range
 *     (color-matrix, color-range or the caps), in float after
 *     interpolation
 * @GST_CUDA_PREPROC_COLOR_CONVERSION_OPENCV: OpenCV cvtColor's YUV to RGB
 *     (BT.601 limited range, its fixed-point coefficients, luma below 16
 *     black), in float after interpolation
 * @GST_CUDA_PREPROC_COLOR_CONVERSION_OPENCV_8BIT: cvtColor then resize:
 *     every source pixel converted to 8-bit RGB exactly as cvtColor does,
 *     then interpolated
 * @GST_CUDA_PREPROC_COLOR_CONVERSION_VIDEOCONVERT: videoconvert then
 *     resize: every source pixel converted to 8-bit RGB exactly as
 *     GStreamer's videoconvert does (the matrix and range in its 8-bit
 *     fixed point; with chroma-interpolation=bilinear its integer chroma
 *     upsampling), then interpolated
 *
 * How YUV input becomes RGB (RGB and GRAY8 input: no effect).
 *
 * Since: 0.1
 */
GType
gst_cuda_preproc_color_conversion_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CUDA_PREPROC_COLOR_CONVERSION_EXACT, "The matrix and range",
        "exact"},
    {GST_CUDA_PREPROC_COLOR_CONVERSION_OPENCV,
        "OpenCV cvtColor's coefficients, in float", "opencv"},
    {GST_CUDA_PREPROC_COLOR_CONVERSION_OPENCV_8BIT,
          "OpenCV cvtColor's 8-bit RGB per source pixel, then resized",
        "opencv-8bit"},
    {GST_CUDA_PREPROC_COLOR_CONVERSION_VIDEOCONVERT,
          "GStreamer videoconvert's 8-bit RGB per source pixel, then resized",
        "videoconvert"},
    {0, NULL, NULL}
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, register_enum ("GstCudaPreprocColorConversion",
            values));
  return type;
}

/**
 * GstCudaPreprocChromaInterpolation:
 * @GST_CUDA_PREPROC_CHROMA_INTERPOLATION_NEAREST: the chroma sample of the
 *     pixel's 2x2 (4:2:0) or 2x1 (4:2:2) block
 * @GST_CUDA_PREPROC_CHROMA_INTERPOLATION_BILINEAR: linear on the chroma
 *     plane at the caps' chroma-site (videoconvert's)
 * @GST_CUDA_PREPROC_CHROMA_INTERPOLATION_SWSCALE: FFmpeg swscale's with
 *     full_chroma_int at the frame's own size: linear horizontally at the
 *     centered site (whatever the caps say), vertically (4:2:0) one chroma
 *     row or the mean of two
 *
 * The chroma of each source pixel of a subsampled YUV input.
 *
 * Since: 0.1
 */
GType
gst_cuda_preproc_chroma_interpolation_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CUDA_PREPROC_CHROMA_INTERPOLATION_NEAREST,
        "The block's chroma sample", "nearest"},
    {GST_CUDA_PREPROC_CHROMA_INTERPOLATION_BILINEAR,
        "Linear at the chroma site", "bilinear"},
    {GST_CUDA_PREPROC_CHROMA_INTERPOLATION_SWSCALE,
        "FFmpeg swscale's full_chroma_int at the frame's size", "swscale"},
    {0, NULL, NULL}
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type,
        register_enum ("GstCudaPreprocChromaInterpolation", values));
  return type;
}

/**
 * GstCudaPreprocLetterboxAlign:
 * @GST_CUDA_PREPROC_LETTERBOX_ALIGN_CENTER: centered, an odd leftover pixel
 *     right or bottom
 * @GST_CUDA_PREPROC_LETTERBOX_ALIGN_TOP_LEFT: at the top-left corner, the
 *     bands right and bottom (DeepStream's symmetric-padding=0)
 *
 * Since: 0.1
 */
GType
gst_cuda_preproc_letterbox_align_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {PREP_ALIGN_CENTER, "Centered", "center"},
    {PREP_ALIGN_TOP_LEFT, "Top-left corner", "top-left"},
    {0, NULL, NULL}
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, register_enum ("GstCudaPreprocLetterboxAlign",
            values));
  return type;
}

/**
 * GstCudaPreprocLetterboxRounding:
 * @GST_CUDA_PREPROC_LETTERBOX_ROUNDING_HALF_UP: halves away from zero
 * @GST_CUDA_PREPROC_LETTERBOX_ROUNDING_HALF_EVEN: halves to even, as
 *     Python's round () (Ultralytics' LetterBox)
 *
 * Since: 0.1
 */
GType
gst_cuda_preproc_letterbox_rounding_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {PREP_ROUND_HALF_UP, "Halves away from zero", "half-up"},
    {PREP_ROUND_HALF_EVEN, "Halves to even (Python's round, Ultralytics)",
        "half-even"},
    {PREP_ROUND_FLOOR, "Rounded down (Python's int (), YOLOX)", "floor"},
    {0, NULL, NULL}
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type,
        register_enum ("GstCudaPreprocLetterboxRounding", values));
  return type;
}
