/*
 * The exact expected score of a book-rule Golf position for a player who knows which
 * cards the stock holds but not their order, played as well as possible: the same
 * expectimax as parlour.engine.solve.hint.ExpectedScores, in C, because from a full
 * stock of sixteen cards it visits tens of millions of positions (tens of seconds here,
 * far beyond what a Python hint can spend). Only benchmarks/golf_optimum.py uses it; it
 * is not part of Parlour.
 *
 * Input, one request a line:
 *   hole R R R R R R R   a new hole: each column's ranks bottom to top, 1-d in hex
 *                        (a for ten, b jack, c queen, d king); forgets the last hole
 *   value STOCK HEIGHTS  the expected score of the stoppage whose columns hold the first
 *                        HEIGHTS[i] cards of column i (seven digits) with the ranks STOCK
 *                        (hex digits, any order; '-' for none) still in the stock
 * Output: one line for each value request, the expected score.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COLUMNS 7
#define HEIGHTS 279936 /* 6^7: every combination of column heights 0..5 */
#define KING 13

static int ranks[COLUMNS][5];
static int radix[COLUMNS];

/* stoppages reachable from (heights, top), kept in one pool */
static int *stop_first, *stop_count;
static int *pool;
static long pool_used, pool_size;
static int *visited;
static int visit_mark;
static long *pending;
static long pending_size;
static int *stop_seen;
static int stop_mark;

static int height_of(int h, int column) { return (h / radix[column]) % 6; }

static int cards_left(int h) {
    int sum = 0;
    for (int column = 0; column < COLUMNS; column++) sum += height_of(h, column);
    return sum;
}

static long stops(int h0, int top0) {
    long key = (long)h0 * 14 + top0;
    if (stop_count[key] >= 0) return key;
    visit_mark++;
    stop_mark++;
    long first = pool_used, depth = 0;
    pending[depth++] = key;
    visited[key] = visit_mark;
    while (depth) {
        long now = pending[--depth];
        int h = (int)(now / 14), top = (int)(now % 14), played = 0;
        if (top != KING) {
            for (int column = 0; column < COLUMNS; column++) {
                int height = height_of(h, column);
                if (!height) continue;
                int rank = ranks[column][height - 1];
                if (rank != top + 1 && rank != top - 1) continue;
                played = 1;
                long next = (long)(h - radix[column]) * 14 + rank;
                if (visited[next] == visit_mark) continue;
                visited[next] = visit_mark;
                if (depth >= pending_size) {
                    pending_size *= 2;
                    pending = realloc(pending, pending_size * sizeof *pending);
                }
                pending[depth++] = next;
            }
        }
        if (!played && stop_seen[h] != stop_mark) {
            stop_seen[h] = stop_mark;
            if (pool_used >= pool_size) {
                pool_size *= 2;
                pool = realloc(pool, pool_size * sizeof *pool);
            }
            pool[pool_used++] = h;
        }
    }
    stop_first[key] = (int)first;
    stop_count[key] = (int)(pool_used - first);
    return key;
}

/* the memo: open addressing on (heights, stock counts) */
static uint64_t *memo_keys;
static double *memo_values;
static uint64_t memo_mask;
static long memo_used;

static uint64_t slot_of(uint64_t key) { return (key * 0x9E3779B97F4A7C15ULL) >> 20 & memo_mask; }

static void grow(void) {
    uint64_t *old_keys = memo_keys;
    double *old_values = memo_values;
    uint64_t old_size = memo_mask + 1;
    memo_mask = old_size * 2 - 1;
    memo_keys = calloc(memo_mask + 1, sizeof *memo_keys);
    memo_values = malloc((memo_mask + 1) * sizeof *memo_values);
    if (!memo_keys || !memo_values) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    for (uint64_t i = 0; i < old_size; i++) {
        if (!old_keys[i]) continue;
        uint64_t slot = slot_of(old_keys[i]);
        while (memo_keys[slot]) slot = (slot + 1) & memo_mask;
        memo_keys[slot] = old_keys[i];
        memo_values[slot] = old_values[i];
    }
    free(old_keys);
    free(old_values);
}

/* stock: three bits a rank, the count of that rank still in the stock */
static double value(int h, uint64_t stock, int left) {
    if (h == 0) return -left; /* G4: cleared with cards in hand */
    if (left == 0) return cards_left(h);
    uint64_t key = ((uint64_t)h | stock << 19) + 1;
    uint64_t slot = slot_of(key);
    while (memo_keys[slot]) {
        if (memo_keys[slot] == key) return memo_values[slot];
        slot = (slot + 1) & memo_mask;
    }
    double total = 0;
    for (int rank = 1; rank <= KING; rank++) {
        int count = (int)(stock >> (3 * rank) & 7);
        if (!count) continue;
        long at = stops(h, rank);
        uint64_t rest = stock - (1ULL << (3 * rank));
        double best = 1e9;
        for (int i = 0; i < stop_count[at] && best > 1 - left; i++) {
            double v = value(pool[stop_first[at] + i], rest, left - 1);
            if (v < best) best = v;
        }
        total += count * best;
    }
    double result = total / left;
    slot = slot_of(key);
    while (memo_keys[slot]) slot = (slot + 1) & memo_mask;
    memo_keys[slot] = key;
    memo_values[slot] = result;
    if (++memo_used > (long)(memo_mask / 10 * 7)) grow();
    return result;
}

static int hex(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

int main(void) {
    radix[0] = 1;
    for (int column = 1; column < COLUMNS; column++) radix[column] = radix[column - 1] * 6;
    stop_first = malloc(sizeof *stop_first * HEIGHTS * 14);
    stop_count = malloc(sizeof *stop_count * HEIGHTS * 14);
    visited = calloc(HEIGHTS * 14, sizeof *visited);
    stop_seen = calloc(HEIGHTS, sizeof *stop_seen);
    pool_size = 1 << 20;
    pool = malloc(pool_size * sizeof *pool);
    pending_size = 1 << 16;
    pending = malloc(pending_size * sizeof *pending);
    memo_mask = (1ULL << 22) - 1;
    memo_keys = calloc(memo_mask + 1, sizeof *memo_keys);
    memo_values = malloc((memo_mask + 1) * sizeof *memo_values);
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        char word[8], first[32], second[32], column[COLUMNS][8];
        if (sscanf(line, "%7s", word) != 1) continue;
        if (!strcmp(word, "hole")) {
            if (sscanf(line, "%*s %7s %7s %7s %7s %7s %7s %7s", column[0], column[1], column[2],
                       column[3], column[4], column[5], column[6]) != COLUMNS) {
                fprintf(stderr, "bad hole: %s", line);
                return 2;
            }
            for (int c = 0; c < COLUMNS; c++)
                for (int row = 0; row < 5; row++)
                    ranks[c][row] = row < (int)strlen(column[c]) ? hex(column[c][row]) : 0;
            for (long i = 0; i < (long)HEIGHTS * 14; i++) stop_count[i] = -1;
            pool_used = 0;
            memset(memo_keys, 0, (memo_mask + 1) * sizeof *memo_keys);
            memo_used = 0;
        } else if (!strcmp(word, "value")) {
            if (sscanf(line, "%*s %31s %31s", first, second) != 2 || strlen(second) != COLUMNS) {
                fprintf(stderr, "bad value request: %s", line);
                return 2;
            }
            uint64_t stock = 0;
            int left = 0, h = 0;
            for (const char *c = first; *c && *c != '-'; c++, left++) stock += 1ULL << (3 * hex(*c));
            for (int c = 0; c < COLUMNS; c++) h += (second[c] - '0') * radix[c];
            printf("%.6f\n", value(h, stock, left));
            fflush(stdout);
        } else {
            fprintf(stderr, "unknown request: %s", line);
            return 2;
        }
    }
    return 0;
}
