/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The launcher of the CUDA path, free of any driver: the element hands it
 * CuLaunchKernel, the tests the kernel's host build.  The tap table the
 * kernel reads is the plan's (prep_plan_kernel_taps ()), copied to device
 * memory by the caller. */

#include "prep-private.h"
#include "prep-kernel.h"

PrepStatus
prep_plan_kernel_taps (const PrepPlan * plan, const void **taps, size_t *bytes)
{
  if (plan == NULL || taps == NULL || bytes == NULL)
    return PREP_ERROR_INVALID_ARGUMENT;
  *taps = plan->kernel_taps;
  *bytes = plan->kernel_taps_bytes;
  return PREP_OK;
}

PrepStatus
prep_plan_launch_taps (const PrepPlan * plan, uint64_t taps, uint64_t y,
    int y_stride, uint64_t uv, int uv_stride, uint64_t dst, size_t dst_size,
    PrepLaunchFunc launch, void *function, void *stream, void *user_data,
    int *launch_error)
{
  PrepParams params;
  PrepDim3 grid, block;
  void *args[PREP_TKARG_COUNT];
  PrepStatus st;
  int err;

  st = prep_plan_check_frame (plan, taps != 0 && y != 0 && uv != 0 &&
      dst != 0 && launch != NULL, y_stride, uv_stride, dst_size);
  if (st != PREP_OK)
    return st;
  params = plan->params;
  st = prep_launch_geometry (&params, plan->cfg.batch_size, &grid, &block);
  if (st != PREP_OK)
    return st;
  /* each slot points to storage of the parameter's exact size */
  args[PREP_TKARG_PARAMS] = &params;
  args[PREP_TKARG_SLOTS] = (void *) &plan->slots;
  args[PREP_TKARG_TAPS] = &taps;
  args[PREP_TKARG_Y] = &y;
  args[PREP_TKARG_Y_STRIDE] = &y_stride;
  args[PREP_TKARG_UV] = &uv;
  args[PREP_TKARG_UV_STRIDE] = &uv_stride;
  args[PREP_TKARG_DST] = &dst;
  err = launch (function, grid, block, stream, args, user_data);
  if (launch_error != NULL)
    *launch_error = err;
  return err == 0 ? PREP_OK : PREP_ERROR_LAUNCH;
}
