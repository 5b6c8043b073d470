/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The launch of the launch-table entries (prep-kernel-args.h): the plan's
 * PrepKArgs (its slots' frames, tap offsets and sources, by value) and the
 * entry that serves it.  A specialised entry when every slot's format is
 * of one class, the filter is not antialias, the colour conversion and
 * chroma the defaults and the distinct sources fit PREP_KSOURCE_MAX; else the slots entry, which reads each slot's
 * parameters from the table.  Pure C, as prep-cuda.c. */

#include <stdint.h>
#include <string.h>

#include "prep-private.h"
#include "prep-kernel.h"
#include "prep-kernel-args.h"

/* The class of @format (PREP_KCLASS_*), or -1: no specialised entry (Y444,
 * RGB, BGR, GRAY8, Y42B, I422_10LE, I420_10LE, NV16: the generic entries
 * read them through prep_read ()). */
static int
prep_kclass (PrepFormat format)
{
  switch (format) {
    case PREP_FORMAT_NV12:
    case PREP_FORMAT_NV21:
      return PREP_KCLASS_nv12;
    case PREP_FORMAT_P010_10LE:
    case PREP_FORMAT_P016_LE:
      return PREP_KCLASS_p010;
    case PREP_FORMAT_I420:
    case PREP_FORMAT_YV12:
      return PREP_KCLASS_i420;
    case PREP_FORMAT_YUY2:
    case PREP_FORMAT_UYVY:
      return PREP_KCLASS_yuy2;
    case PREP_FORMAT_RGBA:
    case PREP_FORMAT_BGRA:
    case PREP_FORMAT_RGBX:
    case PREP_FORMAT_BGRX:
    case PREP_FORMAT_ARGB:
    case PREP_FORMAT_ABGR:
      return PREP_KCLASS_rgbx;
    default:
      return -1;
  }
}

static int
prep_kelem (int elem)
{
  if (elem == PREP_ELEM_FLOAT32)
    return PREP_KELEM_f32;
  if (elem == PREP_ELEM_FLOAT16)
    return PREP_KELEM_f16;
  return PREP_KELEM_u8;
}

/* Source @i's colour rows in tensor order and its components' bit
 * positions in the class's word (their byte offsets in it: a pair, a
 * macropixel or a pixel; planar i420 reads bytes, shift 0). */
static void
prep_ksource_from (const PrepParams * p, int cls, PrepKSource * s)
{
  int k, j;

  memset (s, 0, sizeof (PrepKSource));
  for (k = 0; k < 3; k++) {
    for (j = 0; j < 4; j++)
      s->m[k][j] = p->m[p->perm[k]][j];
    s->shift[k] = cls == PREP_KCLASS_i420 ? 0 : p->comp[k].offset * 8;
  }
}

/* A slot's planes: in the order a specialised entry reads them (@spec:
 * component k's plane for k = 0..2, so that YV12's chroma planes swap),
 * else the frame's; none for a slot without a frame (padding). */
static void
prep_kslot_from (const PrepParams * p, const PrepPlanes * f, int has_frame,
    int spec, PrepKSlot * s)
{
  const uint8_t *d[3] = { f->d0, f->d1, f->d2 };
  const ptrdiff_t st[3] = { f->s0, f->s1, f->s2 };
  int k;

  for (k = 0; k < 3; k++) {
    int pl = spec ? p->comp[k].plane : k;

    s->plane[k] = has_frame && d[pl] != NULL ? (uint64_t) (uintptr_t) d[pl] : 0;
    s->stride[k] = has_frame ? (int) st[pl] : 0;
  }
}

/* Whether a specialised entry's word loads are aligned in slot @s (its
 * planes in component order): a pair, macropixel or pixel per load needs
 * every row to start at a multiple of the word's size, else the slots
 * entry reads the frame byte by byte. */
static int
prep_kslot_aligned (int cls, const PrepKSlot * s)
{
  uint64_t luma = 1, chroma = 1;

  if (s->plane[0] == 0)
    return 1;
  if (cls == PREP_KCLASS_nv12)
    chroma = 2;
  else if (cls == PREP_KCLASS_p010)
    luma = 2, chroma = 4;
  else if (cls == PREP_KCLASS_yuy2 || cls == PREP_KCLASS_rgbx)
    luma = 4;
  return s->plane[0] % luma == 0 && (uint64_t) s->stride[0] % luma == 0 &&
      s->plane[1] % chroma == 0 && (uint64_t) s->stride[1] % chroma == 0;
}

/* The plan's PrepKArgs for the frames' planes @planes (one per slot's
 * stream; a plain plan's slots all read planes[0]; @has_frame[i] 0: slot
 * i is padding) and the entry to launch, or PREP_ERROR_INVALID_ARGUMENT
 * when the table's sources do not fit the argument. */
static PrepStatus
prep_plan_kargs (const PrepPlan * plan, const PrepPlanes * planes,
    const int *has_frame, uint64_t dst, PrepKArgs * a, const char **entry)
{
  static const char *const names[] = {
#define PREP_KSPEC_STRING(c, e, l, f) PREP_KSPEC_NAME (c, e, l, f),
    PREP_KSPEC_FOR_EACH (PREP_KSPEC_STRING)
#undef PREP_KSPEC_STRING
  };
  const PrepParams *p = &plan->params;
  int i, k, cls = -2, elem = prep_kelem (p->elem), spec;

  memset (a, 0, sizeof (PrepKArgs));
  a->out_width = p->out_width;
  a->out_height = p->out_height;
  a->channels = p->channels;
  a->elem = p->elem;
  a->qoff = p->elem == PREP_ELEM_INT8 ? 128 : 0;
  a->vec = dst % 16 == 0 && p->out_width % PREP_KSPEC_PIXELS == 0;
  for (k = 0; k < 3; k++) {
    a->scale[k] = p->scale[k];
    a->bias[k] = p->bias[k];
    a->pad[k] = p->pad[k];
  }
  /* one class for every slot, without antialias: a specialised entry */
  for (i = 0; i < plan->cfg.batch_size; i++) {
    int c = prep_kclass (prep_plan_slot_format (plan, i));

    cls = cls == -2 || cls == c ? c : -1;
  }
  spec = cls >= 0 && !p->antialias && plan->n_ksources <= PREP_KSOURCE_MAX
      && prep_plan_plain_color (plan, 0);
  if (!spec && plan->n_ksources > PREP_SLOT_TABLE_SIZE)
    return PREP_ERROR_INVALID_ARGUMENT;
  for (i = 0; spec && i < plan->cfg.batch_size; i++) {
    PrepKSlot one;

    prep_kslot_from (prep_plan_slot_params (plan, i),
        &planes[plan->n_streams > 0 ? i : 0], has_frame[i], 1, &one);
    spec = prep_kslot_aligned (cls, &one);
  }
  a->n_sources = spec ? plan->n_ksources : 0;
  for (i = 0; i < plan->cfg.batch_size; i++) {
    const PrepParams *sp = prep_plan_slot_params (plan, i);
    int stream = plan->n_streams > 0 ? i : 0;

    prep_kslot_from (sp, &planes[stream], has_frame[i], spec, &a->slot[i]);
    a->slot[i].col = plan->kcol[i];
    a->slot[i].row = plan->krow[i];
    a->slot[i].source = plan->ksource[i];
    if (spec)
      prep_ksource_from (sp, cls, &a->source[plan->ksource[i]]);
  }
  if (!spec && !prep_plan_plain_color (plan, 1))
    *entry = PREP_KERNEL_SLOTS_TAPS_NAME;
  else if (!spec)
    *entry = p->antialias ? PREP_KERNEL_SLOTS_AA_NAME : PREP_KERNEL_SLOTS_NAME;
  else
    *entry = names[prep_kspec_index (cls, elem, p->nhwc ? PREP_KLAYOUT_nhwc :
            PREP_KLAYOUT_nchw, p->nearest ? PREP_KFILTER_nearest :
            PREP_KFILTER_bilinear)];
  return PREP_OK;
}

PrepStatus
prep_plan_kernel_table (const PrepPlan * plan, const void **table,
    size_t *bytes, uint64_t * generation)
{
  if (plan == NULL || table == NULL || bytes == NULL || generation == NULL)
    return PREP_ERROR_INVALID_ARGUMENT;
  *table = plan->ktable;
  *bytes = plan->ktable_bytes;
  *generation = plan->ktable_gen;
  return PREP_OK;
}

/* The frames' planes: a plain plan's one frame (its valid slots read it),
 * or a streams plan's frame per stream (none: padding). */
static PrepStatus
prep_klaunch_planes (const PrepPlan * plan, const PrepFrame * frames,
    int ready, size_t dst_size, PrepPlanes * planes, int *has_frame)
{
  PrepStatus st;
  int i;

  if (plan->n_streams == 0) {
    st = prep_plan_check_frame (plan, frames, ready, dst_size, &planes[0]);
    for (i = 0; i < plan->cfg.batch_size; i++)
      has_frame[i] = plan->slots.s[i].valid;
    return st;
  }
  if (!ready)
    return PREP_ERROR_INVALID_ARGUMENT;
  st = prep_streams_check_frames (plan, frames, dst_size, planes);
  for (i = 0; i < plan->cfg.batch_size; i++)
    has_frame[i] = planes[i].d0 != NULL;
  return st;
}

PrepStatus
prep_plan_launch (const PrepPlan * plan, uint64_t table,
    const PrepFrame * frames, uint64_t dst, size_t dst_size,
    PrepLaunchFunc launch, void *stream, void *user_data, int *launch_error)
{
  PrepPlanes planes[PREP_BATCH_MAX];
  int has_frame[PREP_BATCH_MAX];
  void *args[PREP_KARG_COUNT];
  const char *entry;
  PrepDim3 grid, block;
  PrepKArgs a;
  PrepStatus st;
  unsigned int shared = 0;
  int err;

  if (plan == NULL || frames == NULL)
    return PREP_ERROR_INVALID_ARGUMENT;
  st = prep_klaunch_planes (plan, frames, table != 0 && dst != 0 &&
      launch != NULL, dst_size, planes, has_frame);
  if (st != PREP_OK)
    return st;
  st = prep_launch_geometry (&plan->params, plan->cfg.batch_size, &grid,
      &block);
  if (st == PREP_OK)
    st = prep_plan_kargs (plan, planes, has_frame, dst, &a, &entry);
  if (st != PREP_OK)
    return st;
  if (strcmp (entry, PREP_KERNEL_SLOTS_NAME) != 0 &&
      strcmp (entry, PREP_KERNEL_SLOTS_AA_NAME) != 0 &&
      strcmp (entry, PREP_KERNEL_SLOTS_TAPS_NAME) != 0)
    /* a specialised entry: PREP_KSPEC_PIXELS pixels per thread */
    grid.x = (unsigned int) ((plan->params.out_width + (int) block.x *
            PREP_KSPEC_PIXELS - 1) / ((int) block.x * PREP_KSPEC_PIXELS));
  else if (plan->params.antialias && strcmp (entry,
          PREP_KERNEL_SLOTS_AA_NAME) == 0)
    shared = (unsigned int) plan->aa_tile * (unsigned int) sizeof (float);
  args[PREP_KARG_ARGS] = &a;
  args[PREP_KARG_TABLE] = &table;
  args[PREP_KARG_DST] = &dst;
  err = launch (entry, grid, block, shared, stream, args, user_data);
  if (launch_error != NULL)
    *launch_error = err;
  return err == 0 ? PREP_OK : PREP_ERROR_LAUNCH;
}
