/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

#ifndef __GST_CUDA_PREPROC_ENUMS_H__
#define __GST_CUDA_PREPROC_ENUMS_H__

#include <gst/gst.h>

G_BEGIN_DECLS

/* Values equal the engine's (PrepAspect, PrepInterp, PrepChannelOrder,
 * PrepLayout in src/prep.h). */
typedef enum
{
  GST_CUDA_PREPROC_ASPECT_STRETCH = 0,
  GST_CUDA_PREPROC_ASPECT_LETTERBOX = 1,
  GST_CUDA_PREPROC_ASPECT_COVER = 2,
} GstCudaPreprocAspect;

typedef enum
{
  GST_CUDA_PREPROC_INTERPOLATION_BILINEAR = 0,
  GST_CUDA_PREPROC_INTERPOLATION_NEAREST = 1,
  GST_CUDA_PREPROC_INTERPOLATION_NEAREST_FLOOR = 2,
  GST_CUDA_PREPROC_INTERPOLATION_BICUBIC = 3,
} GstCudaPreprocInterpolation;

/* Equal to PrepAlign and PrepRounding. */
typedef enum
{
  GST_CUDA_PREPROC_LETTERBOX_ALIGN_CENTER = 0,
  GST_CUDA_PREPROC_LETTERBOX_ALIGN_TOP_LEFT = 1,
} GstCudaPreprocLetterboxAlign;

typedef enum
{
  GST_CUDA_PREPROC_LETTERBOX_ROUNDING_HALF_UP = 0,
  GST_CUDA_PREPROC_LETTERBOX_ROUNDING_HALF_EVEN = 1,
} GstCudaPreprocLetterboxRounding;

#define GST_TYPE_CUDA_PREPROC_LETTERBOX_ALIGN \
    (gst_cuda_preproc_letterbox_align_get_type ())
GType gst_cuda_preproc_letterbox_align_get_type (void);

#define GST_TYPE_CUDA_PREPROC_LETTERBOX_ROUNDING \
    (gst_cuda_preproc_letterbox_rounding_get_type ())
GType gst_cuda_preproc_letterbox_rounding_get_type (void);

typedef enum
{
  GST_CUDA_PREPROC_CHANNEL_ORDER_RGB = 0,
  GST_CUDA_PREPROC_CHANNEL_ORDER_BGR = 1,
  GST_CUDA_PREPROC_CHANNEL_ORDER_GRAY = 2,
} GstCudaPreprocChannelOrder;

typedef enum
{
  GST_CUDA_PREPROC_LAYOUT_NCHW = 0,
  GST_CUDA_PREPROC_LAYOUT_NHWC = 1,
} GstCudaPreprocLayout;

/* Where the batch's rectangles come from. */
typedef enum
{
  GST_CUDA_PREPROC_ROI_SOURCE_PROPERTY = 0,
  GST_CUDA_PREPROC_ROI_SOURCE_META = 1,
} GstCudaPreprocRoiSource;

/* What goes downstream: the tensor, or the video with the tensor as a
 * GstTensorMeta. */
typedef enum
{
  GST_CUDA_PREPROC_OUTPUT_MODE_TENSOR = 0,
  GST_CUDA_PREPROC_OUTPUT_MODE_META = 1,
} GstCudaPreprocOutputMode;

/* Where the tensor of output-mode=meta lives. */
typedef enum
{
  GST_CUDA_PREPROC_TENSOR_MEMORY_AUTO = 0,
  GST_CUDA_PREPROC_TENSOR_MEMORY_SYSTEM = 1,
} GstCudaPreprocTensorMemory;

#define GST_TYPE_CUDA_PREPROC_OUTPUT_MODE \
    (gst_cuda_preproc_output_mode_get_type ())
GType gst_cuda_preproc_output_mode_get_type (void);

#define GST_TYPE_CUDA_PREPROC_TENSOR_MEMORY \
    (gst_cuda_preproc_tensor_memory_get_type ())
GType gst_cuda_preproc_tensor_memory_get_type (void);

/* Equal to PrepDataType. */
typedef enum
{
  GST_CUDA_PREPROC_DATA_TYPE_FLOAT32 = 0,
  GST_CUDA_PREPROC_DATA_TYPE_FLOAT16 = 1,
  GST_CUDA_PREPROC_DATA_TYPE_UINT8 = 2,
  GST_CUDA_PREPROC_DATA_TYPE_INT8 = 3,
} GstCudaPreprocDataType;

/* auto, then PrepMatrix + 1 (PrepRange + 1): the caps' colorimetry or a
 * forced one. */
typedef enum
{
  GST_CUDA_PREPROC_COLOR_MATRIX_AUTO = 0,
  GST_CUDA_PREPROC_COLOR_MATRIX_BT601 = 1,
  GST_CUDA_PREPROC_COLOR_MATRIX_BT709 = 2,
  GST_CUDA_PREPROC_COLOR_MATRIX_BT2020 = 3,
} GstCudaPreprocColorMatrix;

typedef enum
{
  GST_CUDA_PREPROC_COLOR_RANGE_AUTO = 0,
  GST_CUDA_PREPROC_COLOR_RANGE_LIMITED = 1,
  GST_CUDA_PREPROC_COLOR_RANGE_FULL = 2,
} GstCudaPreprocColorRange;

/* PrepColorConversion's and PrepChromaInterp's values. */
typedef enum
{
  GST_CUDA_PREPROC_COLOR_CONVERSION_EXACT = 0,
  GST_CUDA_PREPROC_COLOR_CONVERSION_OPENCV = 1,
  GST_CUDA_PREPROC_COLOR_CONVERSION_OPENCV_8BIT = 2,
  GST_CUDA_PREPROC_COLOR_CONVERSION_VIDEOCONVERT = 3,
} GstCudaPreprocColorConversion;

typedef enum
{
  GST_CUDA_PREPROC_CHROMA_INTERPOLATION_NEAREST = 0,
  GST_CUDA_PREPROC_CHROMA_INTERPOLATION_BILINEAR = 1,
  GST_CUDA_PREPROC_CHROMA_INTERPOLATION_SWSCALE = 2,
} GstCudaPreprocChromaInterpolation;

#define GST_TYPE_CUDA_PREPROC_COLOR_MATRIX \
    (gst_cuda_preproc_color_matrix_get_type ())
GType gst_cuda_preproc_color_matrix_get_type (void);

#define GST_TYPE_CUDA_PREPROC_COLOR_RANGE \
    (gst_cuda_preproc_color_range_get_type ())
GType gst_cuda_preproc_color_range_get_type (void);

#define GST_TYPE_CUDA_PREPROC_COLOR_CONVERSION \
    (gst_cuda_preproc_color_conversion_get_type ())
GType gst_cuda_preproc_color_conversion_get_type (void);

#define GST_TYPE_CUDA_PREPROC_CHROMA_INTERPOLATION \
    (gst_cuda_preproc_chroma_interpolation_get_type ())
GType gst_cuda_preproc_chroma_interpolation_get_type (void);

#define GST_TYPE_CUDA_PREPROC_ROI_SOURCE \
    (gst_cuda_preproc_roi_source_get_type ())
GType gst_cuda_preproc_roi_source_get_type (void);

#define GST_TYPE_CUDA_PREPROC_DATA_TYPE \
    (gst_cuda_preproc_data_type_get_type ())
GType gst_cuda_preproc_data_type_get_type (void);

#define GST_TYPE_CUDA_PREPROC_ASPECT (gst_cuda_preproc_aspect_get_type ())
GType gst_cuda_preproc_aspect_get_type (void);

#define GST_TYPE_CUDA_PREPROC_INTERPOLATION \
    (gst_cuda_preproc_interpolation_get_type ())
GType gst_cuda_preproc_interpolation_get_type (void);

#define GST_TYPE_CUDA_PREPROC_CHANNEL_ORDER \
    (gst_cuda_preproc_channel_order_get_type ())
GType gst_cuda_preproc_channel_order_get_type (void);

#define GST_TYPE_CUDA_PREPROC_LAYOUT (gst_cuda_preproc_layout_get_type ())
GType gst_cuda_preproc_layout_get_type (void);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_ENUMS_H__ */
