/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* CUDA for cudapreproc, through GStreamer's CUDA library only: every driver
 * call goes through its Cu* wrappers, after gst_cuda_load_library () said
 * yes (the wrappers assert otherwise), so the plugin never links libcuda.
 *
 * Contexts: the element's own context comes from GStreamer's context
 * sharing (gst_cuda_ensure_element_context ()).  Buffers are processed in
 * the context of their memory, which is where their device pointers are
 * valid: the stream, the kernel module and the output memory live in that
 * context (the "run" context) and are rebuilt when it changes.
 *
 * Synchronization: GStreamer 1.22 tracks no streams on memory, so every
 * frame is synchronized before its buffer leaves the element. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/cuda/gstcudaloader.h>
#include <gst/cuda/gstcudacontext.h>
#include <gst/cuda/gstcudamemory.h>
#include <gst/cuda/gstcudautils.h>
#include <gst/cuda/cuda-gst.h>

#include "gstcudapreproc-compat.h"
#include "gstcudapreproc-cuda.h"
#include "gstcudapreproc-pool.h"
#include "prep-kernel.h"
#include "prep-kernel-fatbin.h"

GST_DEBUG_CATEGORY_EXTERN (gst_cuda_preproc_debug);
#define GST_CAT_DEFAULT gst_cuda_preproc_debug

struct _GstCudaPreprocCuda
{
  GstElement *element;          /* owner, not a reference */
  GstCudaContext *context;      /* the element's own, shared */

  GstCudaContext *run_ctx;      /* context of the buffers being processed */
  CUstream stream;
  CUmodule module;
  CUfunction function;
  GstBufferPool *pool;          /* CUDA tensors for CUDA output */
  GstMemory *scratch;           /* device tensor for system output */
};

static gpointer
gst_cuda_preproc_cuda_check (gpointer data)
{
  int n = 0;

  if (!gst_cuda_load_library ())
    return (gpointer) "the CUDA driver library (libcuda.so.1) cannot be loaded";
  if (CuInit (0) != CUDA_SUCCESS)
    return (gpointer) "the CUDA driver failed to initialize (cuInit)";
  if (CuDeviceGetCount (&n) != CUDA_SUCCESS || n <= 0)
    return (gpointer) "there is no CUDA device";
  gst_cuda_memory_init_once ();
  return NULL;
}

gboolean
gst_cuda_preproc_cuda_available (const gchar ** why)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, gst_cuda_preproc_cuda_check, NULL);
  if (why != NULL)
    *why = once.retval;
  return once.retval == NULL;
}

GstCudaPreprocCuda *
gst_cuda_preproc_cuda_new (GstElement * element)
{
  GstCudaPreprocCuda *cuda = g_new0 (GstCudaPreprocCuda, 1);

  cuda->element = element;
  return cuda;
}

void
gst_cuda_preproc_cuda_free (GstCudaPreprocCuda * cuda)
{
  gst_cuda_preproc_cuda_close (cuda);
  g_free (cuda);
}

/* Names a driver error for a message. */
static const gchar *
gst_cuda_preproc_cuda_error_name (CUresult res)
{
  const char *name = NULL;

  if (CuGetErrorName (res, &name) != CUDA_SUCCESS || name == NULL)
    return "unknown CUDA error";
  return name;
}

static void
gst_cuda_preproc_cuda_teardown (GstCudaPreprocCuda * cuda)
{
  if (cuda->pool != NULL) {
    gst_buffer_pool_set_active (cuda->pool, FALSE);
    gst_clear_object (&cuda->pool);
  }
  if (cuda->scratch != NULL) {
    gst_memory_unref (cuda->scratch);
    cuda->scratch = NULL;
  }
  if (cuda->run_ctx == NULL)
    return;
  if (gst_cuda_context_push (cuda->run_ctx)) {
    if (cuda->module != NULL)
      CuModuleUnload (cuda->module);
    if (cuda->stream != NULL)
      CuStreamDestroy (cuda->stream);
    gst_cuda_context_pop (NULL);
  }
  cuda->module = NULL;
  cuda->function = NULL;
  cuda->stream = NULL;
  gst_clear_object (&cuda->run_ctx);
}

gboolean
gst_cuda_preproc_cuda_open (GstCudaPreprocCuda * cuda, gint device_id)
{
  const gchar *why;

  if (!gst_cuda_preproc_cuda_available (&why)) {
    GST_ELEMENT_ERROR (cuda->element, RESOURCE, NOT_FOUND,
        ("CUDA memory cannot be processed: %s", why), (NULL));
    return FALSE;
  }
  if (!gst_cuda_ensure_element_context (cuda->element, device_id,
          &cuda->context)) {
    GST_ELEMENT_ERROR (cuda->element, RESOURCE, NOT_FOUND,
        ("No CUDA context for cuda-device-id %d", device_id), (NULL));
    return FALSE;
  }
  return TRUE;
}

void
gst_cuda_preproc_cuda_close (GstCudaPreprocCuda * cuda)
{
  gst_cuda_preproc_cuda_teardown (cuda);
  gst_clear_object (&cuda->context);
}

void
gst_cuda_preproc_cuda_set_context (GstCudaPreprocCuda * cuda,
    GstContext * context, gint device_id)
{
  /* never touches the driver: safe without one */
  gst_cuda_handle_set_context (cuda->element, context, device_id,
      &cuda->context);
}

gboolean
gst_cuda_preproc_cuda_query (GstCudaPreprocCuda * cuda, GstQuery * query)
{
  return gst_cuda_handle_context_query (cuda->element, query, cuda->context);
}

/* Stream, module and kernel in @ctx, the context of the input memory. */
static gboolean
gst_cuda_preproc_cuda_prepare (GstCudaPreprocCuda * cuda, GstCudaContext * ctx)
{
  CUresult res;

  if (cuda->run_ctx == ctx)
    return TRUE;
  gst_cuda_preproc_cuda_teardown (cuda);
  if (!gst_cuda_context_push (ctx))
    goto push_failed;
  cuda->run_ctx = gst_object_ref (ctx);
  res = CuStreamCreate (&cuda->stream, CU_STREAM_DEFAULT);
  if (res != CUDA_SUCCESS)
    goto failed;
  res = CuModuleLoadData (&cuda->module, prep_kernel_fatbin);
  if (res != CUDA_SUCCESS)
    goto failed;
  res = CuModuleGetFunction (&cuda->function, cuda->module, PREP_KERNEL_NAME);
  if (res != CUDA_SUCCESS)
    goto failed;
  gst_cuda_context_pop (NULL);
  return TRUE;

  /* ERRORS */
push_failed:
  {
    GST_ELEMENT_ERROR (cuda->element, RESOURCE, FAILED,
        ("Cannot make the input's CUDA context current"), (NULL));
    return FALSE;
  }
failed:
  {
    gst_cuda_context_pop (NULL);
    GST_ELEMENT_ERROR (cuda->element, RESOURCE, FAILED,
        ("Cannot prepare the CUDA kernel: %s",
            gst_cuda_preproc_cuda_error_name (res)),
        ("stream, module or function %s; the fat binary holds SASS for "
            "sm_75 and newer", PREP_KERNEL_NAME));
    gst_cuda_preproc_cuda_teardown (cuda);
    return FALSE;
  }
}

/* The context of a CUDA input buffer, or NULL (with an error posted). */
static GstCudaContext *
gst_cuda_preproc_cuda_input_context (GstCudaPreprocCuda * cuda,
    GstBuffer * inbuf)
{
  GstMemory *mem = gst_buffer_peek_memory (inbuf, 0);

  if (gst_buffer_n_memory (inbuf) == 1 && gst_is_cuda_memory (mem))
    return GST_CUDA_MEMORY_CAST (mem)->context;
  GST_ELEMENT_ERROR (cuda->element, STREAM, FORMAT,
      ("Buffer with CUDAMemory caps is not one CUDA memory (%u memories)",
          gst_buffer_n_memory (inbuf)), (NULL));
  return NULL;
}

GstFlowReturn
gst_cuda_preproc_cuda_alloc_output (GstCudaPreprocCuda * cuda,
    GstBuffer * inbuf, gsize bytes, GstBuffer ** outbuf)
{
  GstCudaContext *ctx = gst_cuda_preproc_cuda_input_context (cuda, inbuf);

  if (ctx == NULL || !gst_cuda_preproc_cuda_prepare (cuda, ctx))
    return GST_FLOW_ERROR;
  if (cuda->pool != NULL &&
      !gst_cuda_preproc_pool_matches (cuda->pool, cuda->run_ctx, bytes)) {
    gst_buffer_pool_set_active (cuda->pool, FALSE);
    gst_clear_object (&cuda->pool);
  }
  if (cuda->pool == NULL) {
    cuda->pool = gst_cuda_preproc_pool_new (cuda->run_ctx, bytes);
    if (!gst_buffer_pool_set_active (cuda->pool, TRUE))
      goto no_buffer;
  }
  if (gst_buffer_pool_acquire_buffer (cuda->pool, outbuf, NULL) != GST_FLOW_OK)
    goto no_buffer;
  return GST_FLOW_OK;

  /* ERRORS */
no_buffer:
  {
    GST_ELEMENT_ERROR (cuda->element, RESOURCE, NO_SPACE_LEFT,
        ("Cannot allocate a %" G_GSIZE_FORMAT " bytes CUDA tensor", bytes),
        (NULL));
    return GST_FLOW_ERROR;
  }
}

static int
gst_cuda_preproc_cuda_launch (void *function, PrepDim3 grid, PrepDim3 block,
    void *stream, void **args, void *user_data)
{
  return CuLaunchKernel ((CUfunction) function, grid.x, grid.y, grid.z,
      block.x, block.y, block.z, 0, (CUstream) stream, args, NULL);
}

/* Device memory the kernel writes: the output's own, or a scratch tensor
 * when the output is in system memory. */
static GstMemory *
gst_cuda_preproc_cuda_target (GstCudaPreprocCuda * cuda, GstBuffer * outbuf,
    gboolean cuda_out)
{
  gsize bytes = gst_buffer_get_size (outbuf);

  if (cuda_out)
    return gst_buffer_peek_memory (outbuf, 0);
  if (cuda->scratch != NULL && cuda->scratch->size != bytes) {
    gst_memory_unref (cuda->scratch);
    cuda->scratch = NULL;
  }
  if (cuda->scratch == NULL)
    cuda->scratch = gst_cuda_preproc_tensor_memory_new (cuda->run_ctx, bytes);
  return cuda->scratch;
}

/* Copies the device tensor into the host buffer, on our stream. */
static CUresult
gst_cuda_preproc_cuda_download (GstCudaPreprocCuda * cuda,
    CUdeviceptr src, GstBuffer * outbuf)
{
  CUDA_MEMCPY2D copy = { 0, };
  GstMapInfo map;
  CUresult res;

  if (!gst_buffer_map (outbuf, &map, GST_MAP_WRITE))
    return CUDA_ERROR_INVALID_VALUE;
  copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  copy.srcDevice = src;
  copy.srcPitch = map.size;
  copy.dstMemoryType = CU_MEMORYTYPE_HOST;
  copy.dstHost = map.data;
  copy.dstPitch = map.size;
  copy.WidthInBytes = map.size;
  copy.Height = 1;
  res = CuMemcpy2DAsync (&copy, cuda->stream);
  if (res == CUDA_SUCCESS)
    res = CuStreamSynchronize (cuda->stream);
  gst_buffer_unmap (outbuf, &map);
  return res;
}

/* Launch, synchronize, and for system output download.  The context is
 * current. */
static GstFlowReturn
gst_cuda_preproc_cuda_run (GstCudaPreprocCuda * cuda, const PrepPlan * plan,
    GstVideoFrame * frame, GstMapInfo * dst, GstBuffer * outbuf,
    gboolean cuda_out)
{
  PrepStatus st;
  int err = CUDA_SUCCESS;

  st = prep_plan_launch (plan,
      (guintptr) GST_VIDEO_FRAME_PLANE_DATA (frame, 0),
      GST_VIDEO_FRAME_PLANE_STRIDE (frame, 0),
      (guintptr) GST_VIDEO_FRAME_PLANE_DATA (frame, 1),
      GST_VIDEO_FRAME_PLANE_STRIDE (frame, 1), (guintptr) dst->data,
      dst->size, gst_cuda_preproc_cuda_launch, cuda->function, cuda->stream,
      NULL, &err);
  if (st == PREP_OK)
    err = CuStreamSynchronize (cuda->stream);
  if (st == PREP_OK && err == CUDA_SUCCESS && !cuda_out)
    err = gst_cuda_preproc_cuda_download (cuda, (guintptr) dst->data, outbuf);
  if (st == PREP_OK && err == CUDA_SUCCESS)
    return GST_FLOW_OK;
  GST_ELEMENT_ERROR (cuda->element, STREAM, FAILED,
      ("CUDA preprocessing failed: %s", st != PREP_OK && st != PREP_ERROR_LAUNCH
          ? prep_status_string (st) : gst_cuda_preproc_cuda_error_name (err)),
      (NULL));
  return GST_FLOW_ERROR;
}

GstFlowReturn
gst_cuda_preproc_cuda_process (GstCudaPreprocCuda * cuda,
    const PrepPlan * plan, const GstVideoInfo * in_info, GstBuffer * inbuf,
    GstBuffer * outbuf, gboolean cuda_out)
{
  GstCudaContext *ctx = gst_cuda_preproc_cuda_input_context (cuda, inbuf);
  GstVideoFrame frame;
  GstMemory *target;
  GstMapInfo dst;
  GstFlowReturn ret;

  if (ctx == NULL || !gst_cuda_preproc_cuda_prepare (cuda, ctx))
    return GST_FLOW_ERROR;
  gst_cuda_preproc_compat_memory_sync (gst_buffer_peek_memory (inbuf, 0));
  target = gst_cuda_preproc_cuda_target (cuda, outbuf, cuda_out);
  if (target == NULL || !gst_memory_map (target, &dst,
          GST_MAP_WRITE | GST_MAP_CUDA))
    goto no_target;
  if (!gst_video_frame_map (&frame, in_info, inbuf,
          GST_MAP_READ | GST_MAP_CUDA)) {
    gst_memory_unmap (target, &dst);
    goto no_input;
  }
  gst_cuda_context_push (cuda->run_ctx);
  ret = gst_cuda_preproc_cuda_run (cuda, plan, &frame, &dst, outbuf, cuda_out);
  gst_cuda_context_pop (NULL);
  gst_video_frame_unmap (&frame);
  gst_memory_unmap (target, &dst);
  return ret;

  /* ERRORS */
no_target:
  {
    GST_ELEMENT_ERROR (cuda->element, RESOURCE, NO_SPACE_LEFT,
        ("Cannot map a CUDA tensor for writing"), (NULL));
    return GST_FLOW_ERROR;
  }
no_input:
  {
    GST_ELEMENT_ERROR (cuda->element, STREAM, FORMAT,
        ("Cannot map the CUDA input frame"), (NULL));
    return GST_FLOW_ERROR;
  }
}
