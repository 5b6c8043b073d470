/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

#ifndef __GST_CUDA_PREPROC_PROPS_H__
#define __GST_CUDA_PREPROC_PROPS_H__

#include <gst/gst.h>

#include "gstcudapreproc-caps.h"
#include "gstcudapreproc-rois.h"
#include "prep.h"

G_BEGIN_DECLS

enum
{
  PROP_0,
  PROP_WIDTH,
  PROP_HEIGHT,
  PROP_CROP_X,
  PROP_CROP_Y,
  PROP_CROP_WIDTH,
  PROP_CROP_HEIGHT,
  PROP_CROP_RECT,               /* cudapreproc's fractional crop */
  PROP_ASPECT,
  PROP_PAD_VALUE,
  PROP_PAD_VALUES,
  PROP_INTERPOLATION,
  PROP_CHANNEL_ORDER,
  PROP_SCALE,
  PROP_MEAN,
  PROP_STD,
  PROP_LAYOUT,
  PROP_CUDA_DEVICE_ID,
  PROP_N_THREADS,
  PROP_ROIS,
  PROP_ROI_SOURCE,
  PROP_ROI_TYPE,
  PROP_BATCH_SIZE,
  PROP_DATA_TYPE,
  PROP_OUTPUT_BUFFERS,
  PROP_COLOR_MATRIX,
  PROP_COLOR_RANGE,
  PROP_COLOR_CONVERSION,
  PROP_CHROMA_INTERPOLATION,
  PROP_LETTERBOX_ALIGN,
  PROP_LETTERBOX_ROUNDING,
  PROP_CROP_FRACTION,
  PROP_ANTIALIAS,
  PROP_OUTPUT_MODE,
  PROP_TENSOR_ID,
  PROP_TENSOR_MEMORY,
  PROP_ROI_TYPES,               /* and the 3 after it: roi-props.h */
  PROP_ROI_MIN_SIZE,
  PROP_ROI_MAX_SIZE,
  PROP_ROI_MIN_CONFIDENCE,
  PROP_STRICT,                  /* the element's (refusals.h) */
  PROP_BATCH_TIMEOUT,           /* cudapreprocbatch's own */
};

/* What the properties hold; read and written under the object lock. */
typedef struct
{
  gint width, height;
  gboolean size_set;            /* width or height was set: downstream caps
                                 * cannot choose the size */
  /* set by the application (else downstream may choose them, and the
   * scale follows the data type) */
  gboolean layout_set, channel_order_set, data_type_set, scale_set;
  PrepRect crop;                /* as requested: 0 size = to the edge */
  gboolean crop_rect_set;       /* crop-rect given: it replaces crop */
  gdouble crop_rect[4];         /* x, y, width, height (a PrepWindow) */
  gint aspect, interpolation, channel_order, layout;
  gint cuda_device_id;          /* -1: any */
  guint n_threads;              /* CPU path, caller included; 0: per core */
  guint output_buffers;         /* most CUDA tensors in flight */
  gdouble pad_value, scale;
  gboolean pad_values_set;      /* pad-values given: they replace pad-value */
  gdouble pad_values[3];
  gdouble mean[3], std[3];
  PrepRect rois[PREP_BATCH_MAX];        /* the rois property, as given */
  guint n_rois;
  gint roi_source;              /* GstCudaPreprocRoiSource */
  GQuark roi_type;              /* 0: any */
  GstCudaPreprocRoiFilter roi_props;    /* roi-types, roi-min-size,
                                         * roi-max-size, roi-min-confidence */
  guint batch_size;             /* 0: automatic */
  gint data_type;               /* GstCudaPreprocDataType */
  gint color_matrix;            /* GstCudaPreprocColorMatrix */
  gint color_range;             /* GstCudaPreprocColorRange */
  gint color_conversion;        /* GstCudaPreprocColorConversion */
  gint chroma_interpolation;    /* GstCudaPreprocChromaInterpolation */
  gint letterbox_align;         /* GstCudaPreprocLetterboxAlign */
  gint letterbox_rounding;      /* GstCudaPreprocLetterboxRounding */
  gdouble crop_fraction;        /* aspect=cover: central fraction */
  gboolean antialias;
  gint output_mode;             /* GstCudaPreprocOutputMode */
  GQuark tensor_id;             /* output-mode=meta: the GstTensor's id */
  gint tensor_memory;           /* GstCudaPreprocTensorMemory */
} GstCudaPreprocSettings;

/* The tensor shape these settings give. */
GstCudaPreprocShape gst_cuda_preproc_settings_shape (const
    GstCudaPreprocSettings * s);
/* That shape, and what of it the properties leave to downstream: what was
 * not set (width and height, layout, channel-order, data-type, the batch
 * of batch-size or rois). */
void gst_cuda_preproc_settings_wanted (const GstCudaPreprocSettings * s,
    GstCudaPreprocWanted * want);
/* The scale of a tensor of @dtype: the property's when set, else 1/255
 * for float types and 1 for uint8 and int8 (the pixel values a quantized
 * model takes). */
gdouble gst_cuda_preproc_settings_scale (const GstCudaPreprocSettings * s,
    PrepDataType dtype);
/* For an integer tensor whose normalization leaves few of its values (a
 * scale of 1/255 gives 0 and 1 only), the warning that says so (to free);
 * NULL otherwise. */
gchar *gst_cuda_preproc_settings_integer_refusal (const GstCudaPreprocSettings
    * s, const GstCudaPreprocShape * shape);

/* Slots of the tensor these settings give (batch-size, or automatic). */
guint gst_cuda_preproc_settings_batch (const GstCudaPreprocSettings * s);
/* TRUE when nothing set the batch (batch-size 0, no rois in use): fixed
 * downstream caps may choose it. */
gboolean gst_cuda_preproc_settings_batch_free (const GstCudaPreprocSettings *
    s);

/* The properties (gstcudapreproc-props.c). */
#define PARAM_FLAGS (G_PARAM_READWRITE | GST_PARAM_MUTABLE_PLAYING | \
    G_PARAM_STATIC_STRINGS)

/* The tensor's properties, the same for cudapreproc and cudapreprocbatch:
 * width, height, aspect, letterbox-align, letterbox-rounding,
 * crop-fraction, antialias, interpolation, pad-value, pad-values,
 * channel-order,
 * color-matrix, color-range, color-conversion, chroma-interpolation, layout, scale, mean, std, data-type and
 * n-threads (one store for both: gst_cuda_preproc_settings_set ()). */
void gst_cuda_preproc_settings_install_tensor (GObjectClass * gobject_class);
/* Every property of cudapreproc: the tensor's, and its crop, rois,
 * roi-source, roi-type and the object filters, batch-size, output-mode,
 * tensor-id, tensor-memory, output-buffers and cuda-device-id. */
void gst_cuda_preproc_settings_install (GObjectClass * gobject_class);
/* CUDA memory's: output-buffers and cuda-device-id (both elements). */
void gst_cuda_preproc_settings_install_cuda (GObjectClass * gobject_class);
void gst_cuda_preproc_settings_init (GstCudaPreprocSettings * s);

typedef struct
{
  gdouble scale, mean[3], std[3];
} GstCudaPreprocNormalization;

/* The validators of values the param specs cannot check; each returns
 * NULL, or the rule the value breaks (to free). */
gchar *gst_cuda_preproc_settings_check_normalization (const
    GstCudaPreprocSettings * s, guint prop_id, const GValue * value,
    GstCudaPreprocNormalization * n);
/* pad-values: 3 numbers in [0, 255] (*@set TRUE), or none (FALSE). */
gchar *gst_cuda_preproc_settings_read_pad_values (const GValue * value,
    gdouble out[3], gboolean * set);
/* crop-rect: no values (unset, *@set FALSE) or 4 numbers into @out;
 * NULL, or why not (to free). */
gchar *gst_cuda_preproc_settings_read_crop_rect (const GValue * value,
    gdouble out[4], gboolean * set);
/* Why crop-rect @r is no window of a @width x @height frame (to free,
 * naming the value), or NULL. */
gchar *gst_cuda_preproc_settings_crop_rect_refusal (const gdouble r[4],
    gint width, gint height);
gchar *gst_cuda_preproc_settings_read_rois (const GValue * value,
    PrepRect * rects, guint * n_rects);
/* For a crop-* or rois value while a frame of @frame_width x @frame_height
 * is played (0: no caps yet): why the value cannot apply to that frame.
 * @now: the current settings. */
gchar *gst_cuda_preproc_settings_rects_refusal (const GstCudaPreprocSettings *
    now, guint prop_id, const GValue * value, gint frame_width,
    gint frame_height);

/* The object filter of roi-source=meta: roi-type and roi-types, sizes,
 * confidence. */
void gst_cuda_preproc_settings_roi_filter (const GstCudaPreprocSettings * s,
    GstCudaPreprocRoiFilter * filter);

/* The engine's config of the tensor these settings give with @shape (the
 * negotiated one): size, batch, layout, data type, channels (1: gray),
 * mapping, filter, normalization (the scale of @shape's type).  The input's format, size and colour are left to the
 * caller. */
void gst_cuda_preproc_settings_config (const GstCudaPreprocSettings * s,
    const GstCudaPreprocShape * shape, PrepConfig * cfg);
/* The matrix and range of an input: color-matrix and color-range, or with
 * auto the caps' (*@matrix, *@range on entry; @known: the caps' matrix is
 * one the engine has).  FALSE when auto leaves a matrix the engine lacks. */
gboolean gst_cuda_preproc_settings_colorimetry (const GstCudaPreprocSettings *
    s, gboolean known, PrepMatrix * matrix, PrepRange * range);

/* The log's line on the colour of an input whose caps give @info, state
 * @stated and make @matrix and @range (see
 * gst_cuda_preproc_input_describe_colorimetry ()). */
gchar *gst_cuda_preproc_settings_describe_colorimetry (const
    GstCudaPreprocSettings * s, const GstVideoInfo * info,
    const GstVideoColorimetry * stated, PrepMatrix matrix, PrepRange range);

/* The store (gstcudapreproc-settings.c): one locked switch each way.
 * _set () refuses a bad value, keeps the old one and gives the rule it
 * breaks in *@refusal (to free; NULL when taken), which the element posts
 * (gstcudapreproc-refusals.h); *reshape tells whether the tensor's caps
 * changed.  Both return FALSE for a property that is not one of these. */
gboolean gst_cuda_preproc_settings_set (GstObject * self,
    GstCudaPreprocSettings * s, GParamSpec * pspec, const GValue * value,
    gboolean * reshape, gchar ** refusal);
gboolean gst_cuda_preproc_settings_get (GstObject * self,
    const GstCudaPreprocSettings * s, guint prop_id, GValue * value);
/* cuda-device-id and n-threads, each read under @self's object lock. */
gint gst_cuda_preproc_settings_device_id (GstObject * self,
    const GstCudaPreprocSettings * s);
gint gst_cuda_preproc_settings_n_threads (GstObject * self,
    const GstCudaPreprocSettings * s);

/* Posts each of @texts (the settings' warnings for the rectangles just
 * resolved: clamped crops, rois or streams left out) as an element
 * warning, unless they are the ones posted last (*@last, kept here): once
 * per distinct set, however often the plan is rebuilt.  No texts forget
 * the last ones, so that they come back if the rectangles do. */
void gst_cuda_preproc_settings_warn (GstElement * element, GPtrArray * texts,
    gchar ** last);

G_END_DECLS
#endif /* __GST_CUDA_PREPROC_PROPS_H__ */
