/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Refused property values reach the application: an element warning on
 * the bus (an element error with strict=true) naming the property, the
 * value, the rule it breaks and the value kept (docs/bad-input.md).  A
 * value set before the element has a bus (gst-launch sets them before it
 * builds the pipeline) is kept and posted when the element goes to READY.
 * Both elements and cudapreprocbatch's pads use this. */

#ifndef __GST_CUDA_PREPROC_REFUSALS_H__
#define __GST_CUDA_PREPROC_REFUSALS_H__

#include <gst/gst.h>

G_BEGIN_DECLS

/* The element's object lock. */
typedef struct
{
  GPtrArray *pending;           /* texts refused while the element had no
                                 * bus; NULL: none */
  gboolean strict;              /* the strict property */
} GstCudaPreprocRefusals;

void gst_cuda_preproc_refusals_clear (GstCudaPreprocRefusals * r);

/* Posts the refusal of @value for @owner's property @pspec (@owner: the
 * element or one of its pads) because of @why (the rule; taken) on
 * @element, or keeps it until the element has a bus. */
void gst_cuda_preproc_refusals_post (GstCudaPreprocRefusals * r,
    GstElement * element, GObject * owner, GParamSpec * pspec,
    const GValue * value, gchar * why);

/* Makes @r @element's refusals, where its pads find them
 * (gst_cuda_preproc_refusals_of ()); @r lives as long as @element. */
void gst_cuda_preproc_refusals_attach (GstCudaPreprocRefusals * r,
    GstElement * element);

/* The refusals attached to @element, or NULL. */
GstCudaPreprocRefusals *gst_cuda_preproc_refusals_of (GstElement * element);

/* Posts the kept refusals (at NULL to READY). */
void gst_cuda_preproc_refusals_flush (GstCudaPreprocRefusals * r,
    GstElement * element);

/* For a property that changes only in the NULL and READY states: why it
 * cannot change now, naming @what and @element's state (to free), or
 * NULL. */
gchar *gst_cuda_preproc_refusals_ready_only (GstElement * element,
    const gchar * what);

/* strict: refusals are element errors. */
void gst_cuda_preproc_refusals_install_strict (GObjectClass * gobject_class,
    guint prop_id);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_REFUSALS_H__ */
