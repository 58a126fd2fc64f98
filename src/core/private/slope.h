/* What the field of view (fov.c) and the line a shot flies (line.c)
 * share, so the two can never part: slopes as fractions, and the columns
 * of a row a span of slopes meets (the cells whose extent, column - 1/2
 * to column + 1/2, meets [start, end], ties at the ends rounding inward). */
#ifndef AMULETS_SLOPE_H
#define AMULETS_SLOPE_H

static inline int slope_floor_div(int a, int b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

static inline int slope_ceil_div(int a, int b)
{
    return -slope_floor_div(-a, b);
}

/* The first column of a row at depth whose extent meets slopes from
 * start_num / start_den (den > 0) */
static inline int slope_first_col(int depth, int start_num, int start_den)
{
    return slope_floor_div(2 * depth * start_num + start_den, 2 * start_den);
}

/* The last column of a row at depth whose extent meets slopes up to
 * end_num / end_den (den > 0) */
static inline int slope_last_col(int depth, int end_num, int end_den)
{
    return slope_ceil_div(2 * depth * end_num - end_den, 2 * end_den);
}

#endif
