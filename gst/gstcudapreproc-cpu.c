/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The CPU path of cudapreproc (see gstcudapreproc-cpu.h). */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/base/gstbasetransform.h>

#include "gstcudapreproc-cpu.h"
#include "gstcudapreproc-input.h"

GST_DEBUG_CATEGORY_EXTERN (gst_cuda_preproc_debug);
#define GST_CAT_DEFAULT gst_cuda_preproc_debug

void
gst_cuda_preproc_cpu_init (GstCudaPreprocCpu * cpu)
{
  cpu->workers = NULL;
  cpu->workers_for = -1;
}

void
gst_cuda_preproc_cpu_clear (GstCudaPreprocCpu * cpu)
{
  prep_workers_free (cpu->workers);
  gst_cuda_preproc_cpu_init (cpu);
}

/* The threads for @n (n-threads), made when it changed since the last
 * frame. */
static void
cpu_ensure_workers (GstCudaPreprocCpu * cpu, GstElement * element, gint n)
{
  PrepStatus st;

  if (n == cpu->workers_for)
    return;
  prep_workers_free (cpu->workers);
  cpu->workers = NULL;
  cpu->workers_for = n;
  if (n == 1)
    return;
  st = prep_workers_new (n, &cpu->workers);
  if (st != PREP_OK) {
    GST_ELEMENT_WARNING (element, RESOURCE, FAILED,
        ("Cannot start %d threads for the CPU path (%s); using the "
            "streaming thread alone", n, prep_status_string (st)), (NULL));
    return;
  }
  GST_DEBUG_OBJECT (element, "CPU path on %d threads (%s)",
      prep_workers_count (cpu->workers), prep_cpu_impl_name (PREP_CPU_AUTO));
}

PrepWorkers *
gst_cuda_preproc_cpu_workers (GstCudaPreprocCpu * cpu, GstElement * element,
    gint n_threads)
{
  cpu_ensure_workers (cpu, element, n_threads);
  return cpu->workers;
}
