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
    {0, NULL, NULL}
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, register_enum ("GstCudaPreprocAspect", values));
  return type;
}

/**
 * GstCudaPreprocInterpolation:
 * @GST_CUDA_PREPROC_INTERPOLATION_BILINEAR: 2x2 taps, half-pixel centers
 * @GST_CUDA_PREPROC_INTERPOLATION_NEAREST: the nearest source pixel
 *
 * Since: 0.1
 */
GType
gst_cuda_preproc_interpolation_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {PREP_INTERP_BILINEAR, "Bilinear (half-pixel centers)", "bilinear"},
    {PREP_INTERP_NEAREST, "Nearest neighbour", "nearest"},
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
 * @GST_CUDA_PREPROC_ROI_SOURCE_META: the #GstVideoRegionOfInterestMeta of
 *     each buffer
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
        "The GstVideoRegionOfInterestMeta of each buffer", "meta"},
    {0, NULL, NULL}
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, register_enum ("GstCudaPreprocRoiSource",
            values));
  return type;
}

/**
 * GstCudaPreprocDataType:
 * @GST_CUDA_PREPROC_DATA_TYPE_FLOAT32: IEEE single precision
 * @GST_CUDA_PREPROC_DATA_TYPE_FLOAT16: IEEE half precision, rounded to
 *     nearest even
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
    {0, NULL, NULL}
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, register_enum ("GstCudaPreprocDataType", values));
  return type;
}
