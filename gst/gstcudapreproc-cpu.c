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

GstFlowReturn
gst_cuda_preproc_cpu_process (GstCudaPreprocCpu * cpu, GstElement * element,
    gint n_threads, const PrepPlan * plan, const GstVideoInfo * in_info,
    PrepFormat format, gint frame_width, gint frame_height,
    GstBuffer * inbuf, GstBuffer * outbuf, const GstCudaPreprocHeader * header)
{
  GstVideoFrame frame;
  PrepFrame src;
  GstMapInfo out;
  PrepStatus st;

  if (!gst_video_frame_map (&frame, in_info, inbuf, GST_MAP_READ))
    goto map_in_failed;
  if (!gst_buffer_map (outbuf, &out, GST_MAP_WRITE))
    goto map_out_failed;
  cpu_ensure_workers (cpu, element, n_threads);
  gst_cuda_preproc_input_frame (&frame, format, frame_width, frame_height,
      &src);
  /* the buffer's size is the negotiated one, header included */
  if (header->bytes > 0)
    memcpy (out.data, header->data, header->bytes);
  st = prep_plan_run_cpu_parallel (plan, cpu->workers, PREP_CPU_AUTO, &src,
      out.data + header->bytes, out.size - header->bytes);
  gst_buffer_unmap (outbuf, &out);
  gst_video_frame_unmap (&frame);
  if (st != PREP_OK)
    goto run_failed;
  return GST_FLOW_OK;

  /* ERRORS */
map_in_failed:
  {
    GST_ELEMENT_WARNING (element, STREAM, FORMAT,
        ("Cannot map the input frame; frame dropped"), (NULL));
    return GST_BASE_TRANSFORM_FLOW_DROPPED;
  }
map_out_failed:
  {
    gst_video_frame_unmap (&frame);
    GST_ELEMENT_ERROR (element, RESOURCE, WRITE,
        ("Cannot map the output tensor buffer for writing"), (NULL));
    return GST_FLOW_ERROR;
  }
run_failed:
  {
    GST_ELEMENT_ERROR (element, STREAM, FAILED,
        ("Preprocessing failed: %s", prep_status_string (st)), (NULL));
    return GST_FLOW_ERROR;
  }
}
