/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The threads of the CPU path (n-threads), which the engine's CPU
 * executor (vectorized where the CPU has AVX2) runs a batch on
 * (gstcudapreproc-run.c). */

#ifndef __GST_CUDA_PREPROC_CPU_H__
#define __GST_CUDA_PREPROC_CPU_H__

#include <gst/gst.h>
#include <gst/video/video.h>

#include "gstcudapreproc-caps.h"
#include "prep.h"

G_BEGIN_DECLS

/* Streaming thread only. */
typedef struct
{
  PrepWorkers *workers;         /* NULL: the streaming thread alone */
  gint workers_for;             /* n-threads they were made for; -1: none */
} GstCudaPreprocCpu;

void gst_cuda_preproc_cpu_init (GstCudaPreprocCpu * cpu);
/* Stops the threads; the next frame makes them again. */
void gst_cuda_preproc_cpu_clear (GstCudaPreprocCpu * cpu);

/* The threads for @n_threads (n-threads; 0: one per core), (re)made when
 * it changed since the last call; NULL: the calling thread alone (1, or
 * when they cannot be started: one element warning on @element). */
PrepWorkers *gst_cuda_preproc_cpu_workers (GstCudaPreprocCpu * cpu,
    GstElement * element, gint n_threads);

G_END_DECLS

#endif /* __GST_CUDA_PREPROC_CPU_H__ */
