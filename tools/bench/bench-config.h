/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

#ifndef __BENCH_CONFIG_H__
#define __BENCH_CONFIG_H__

#include "bench.h"
#include "prep.h"

/* The engine configuration of workload w, as ours runs it (one plan, one
 * batch slot per ROI, the workload's input format, antialias and aspect),
 * and the slots' rectangles (w->n_rois of them).  config_init is the
 * engine's prep_config_init (): cudapreproc-ab-engine passes the one of
 * each build it loads.  Built with AB_RUN_NV12_PLANES (engines before
 * PrepFrame, which read NV12 only) it sets no format, and with
 * AB_NO_ANTIALIAS (engines without PrepConfig.antialias, crop_fraction and
 * PREP_ASPECT_COVER) neither antialias nor cover, and with
 * AB_NO_OUTPUT_KINDS (engines without uint8 tensors, PREP_DTYPE_UINT8) no
 * other tensor than float32 NCHW RGB bilinear: ab-plan.c refuses those
 * workloads there. */
void bench_prep_config (const BenchWorkload * w,
    void (*config_init) (PrepConfig * cfg), PrepConfig * cfg,
    PrepRect rects[BENCH_MAX_ROIS]);

#ifndef AB_RUN_NV12_PLANES
/* @f as the engine's frame description (its format, size, planes and
 * strides).  (Not in the engines of revisions before PrepFrame, which
 * ab-plan.c drives.) */
void bench_prep_frame (const BenchFrame * f, PrepFrame * out);
#endif

#endif /* __BENCH_CONFIG_H__ */
