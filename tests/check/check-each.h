/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* fail_each (): fail_unless () for the checks of a loop over a tensor's
 * elements.  libcheck records the location of every check it runs (a
 * write to its message file and a flush, two system calls), so a
 * fail_unless () per element of a 640x640x3 tensor costs a million system
 * calls, most of a test's time on a loaded machine or under qemu-user.
 * This tests the condition first and reaches libcheck only when it fails,
 * with the same message. */

#ifndef __CHECK_EACH_H__
#define __CHECK_EACH_H__

#include <gst/check/gstcheck.h>

#define fail_each(cond, ...) G_STMT_START {                                 \
  if (G_UNLIKELY (!(cond)))                                                 \
    fail_unless (cond, __VA_ARGS__);                                        \
} G_STMT_END

#endif /* __CHECK_EACH_H__ */
