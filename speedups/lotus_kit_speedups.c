/* Optional compiled speedups for lotus_kit's Winter engine.
 *
 * The pure-Python engine (lotus_kit/winter/engine.py, grid.py) is the reference and runs everywhere
 * (JupyterLite, Binder, a machine without a C compiler); when this module is installed, the thaw's
 * legal set (WIN-PH2-1 (a), WIN-CLAR-7) is worked out here instead, with the same answers, which the
 * test suite checks position by position (tests/winter/test_speedups.py).
 *
 * Masks use the engine's grid: cell or anchor (x, y) is bit y * W + x of an int, W = 42 (lotus_kit.
 * winter.grid); the engine refuses this module when its W differs.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define W 42
#define NBITS (W * W)
#define NWORDS ((NBITS + 63) / 64)
#define NBYTES (NWORDS * 8)
#define MAXN 64                     /* cards per lake this module handles (a lake holds at most 18) */

typedef struct {
    uint64_t w[NWORDS];
} bitset;

/* The anchors whose block shares a cell edge with a card's block at anchor 0 (grid.TOUCHED_BY):
 * |dx| = 2 and |dy| <= 1, |dy| = 2 and |dx| <= 1, and the overlapping ones but the card's own. */
static const int TOUCH_STEPS[] = {
    -2 * W - 1, -2 * W, -2 * W + 1,
    -W - 2, -W - 1, -W, -W + 1, -W + 2,
    -2, -1, 1, 2,
    W - 2, W - 1, W, W + 1, W + 2,
    2 * W - 1, 2 * W, 2 * W + 1,
};
/* The anchors whose block overlaps a card's block at anchor 0 (grid.COVERED_BY). */
static const int COVER_STEPS[] = {-W - 1, -W, -W + 1, -1, 0, 1, W - 1, W, W + 1};

/* The anchors whose block lies on the grid (grid.REGION), and of these the even ones by the parities
 * of the grid's world offset (grid.EVEN, ALIGNED_GRID, WIN-GEO-3): index parity + 1, parity -1 for
 * every anchor. Made when the module loads. */
static bitset REGIONS[5];

static void
make_regions(void)
{
    memset(REGIONS, 0, sizeof REGIONS);
    for (int q = 0; q < NBITS; q++) {
        int x = q % W, y = q / W;
        if (x > W - 2 || y > W - 2)
            continue;
        for (int parity = -1; parity < 4; parity++)
            if (parity < 0 || ((x + (parity & 1)) % 2 == 0 && (y + (parity >> 1)) % 2 == 0))
                REGIONS[parity + 1].w[q >> 6] |= (uint64_t)1 << (q & 63);
    }
}

static inline int
low_index(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int i = 0;
    while (!(x & 1)) {
        x >>= 1;
        i++;
    }
    return i;
#endif
}

static inline int
count_bits(uint64_t x)
{
    /* no popcount instruction is assumed (a portable build calls libgcc for __builtin_popcountll) */
    x = x - (x >> 1 & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + (x >> 2 & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)(x * 0x0101010101010101ULL >> 56);
}

static inline void
set_bit(bitset *b, int i)
{
    b->w[i >> 6] |= (uint64_t)1 << (i & 63);
}

static inline int
get_bit(const bitset *b, int i)
{
    return (int)(b->w[i >> 6] >> (i & 63) & 1);
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define WORDS_ARE_BYTES 1           /* a word array is already the little-endian bytes of a mask */
#else
#define WORDS_ARE_BYTES 0
#endif

/* A non-negative int below 2**NBITS as a bitset; -1 with an exception set otherwise. Only the bytes
 * the int has are converted (a lake's masks are far below the grid's last row). */
static int
read_mask(PyObject *v, bitset *out, const char *what)
{
    if (!PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, "%s: an int mask was expected, got %.80s", what,
                     Py_TYPE(v)->tp_name);
        return -1;
    }
    int64_t nbits = (int64_t)_PyLong_NumBits(v);
    if (_PyLong_Sign(v) < 0 || nbits < 0 || nbits > NBITS) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s: a mask of the %d x %d grid was expected", what, W, W);
        return -1;
    }
    memset(out, 0, sizeof *out);
    size_t nbytes = (size_t)(nbits + 7) / 8;
    if (nbytes == 0)
        return 0;
#if WORDS_ARE_BYTES
    unsigned char *buf = (unsigned char *)out->w;
#else
    unsigned char buf[NBYTES];
#endif
#if PY_VERSION_HEX >= 0x030D0000
    if (PyLong_AsNativeBytes(v, buf, (Py_ssize_t)nbytes,
                             Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER) < 0)
        return -1;
#else
    if (_PyLong_AsByteArray((PyLongObject *)v, buf, nbytes, 1, 0) < 0)
        return -1;
#endif
#if !WORDS_ARE_BYTES
    for (size_t i = 0; i < (nbytes + 7) / 8; i++) {
        uint64_t word = 0;
        for (int j = 7; j >= 0; j--)
            word = word << 8 | (8 * i + j < nbytes ? buf[8 * i + j] : 0);
        out->w[i] = word;
    }
#endif
    return 0;
}

/* The int of a bitset whose words from ``top`` on are 0. */
static PyObject *
mask_int(const bitset *b, int top)
{
    size_t nbytes = (size_t)top * 8;
#if WORDS_ARE_BYTES
    const unsigned char *buf = (const unsigned char *)b->w;
#else
    unsigned char buf[NBYTES];
    for (int i = 0; i < top; i++)
        for (int j = 0; j < 8; j++)
            buf[8 * i + j] = (unsigned char)(b->w[i] >> (8 * j));
#endif
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(buf, nbytes, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(buf, nbytes, 1, 0);
#endif
}

/* The cards of ``alive`` connected to ``seed`` (masks over card numbers). */
static uint64_t
part_of(uint64_t seed, uint64_t alive, const uint64_t *adj)
{
    uint64_t part = seed, frontier = seed;
    while (frontier) {
        uint64_t grow = 0;
        while (frontier) {
            grow |= adj[low_index(frontier)];
            frontier &= frontier - 1;
        }
        frontier = grow & alive & ~part;
        part |= frontier;
    }
    return part;
}

PyDoc_STRVAR(thaw_entries_doc,
"thaw_entries(anchors, free, light, parity) -> (entries, total) | None\n\n"
"The entries of lotus_kit.winter.engine.thaw_cards for a connected lake of two cards or more under\n"
"the usual rules: per free card, lowest anchor first, (a, m, k, m, k or k + 1, 3 or 1, moves before\n"
"it), where m holds the anchors where the lifted card fits (no other card overlaps its block) and\n"
"touches every part the lake falls into without it (WIN-CLAR-7), k is their number less the card's\n"
"own spot, and the card looks the same turned (3) or not (1); and the number of moves. ``anchors``,\n"
"``free``: the cards' and the free cards' anchors; ``light``: the light cells (masks of the engine's\n"
"grid); ``parity``: -1, or under ALIGNED_GRID the parities of the grid's world offset, x + 2 y\n"
"(WIN-GEO-3). None when the lake is not connected, or has fewer than two cards or more than 64\n"
"(the engine then works it out in Python). ValueError for a card whose block leaves the grid.");

static PyObject *
thaw_entries(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "thaw_entries takes 4 arguments");
        return NULL;
    }
    bitset lake, free, light;
    if (read_mask(args[0], &lake, "anchors") < 0 || read_mask(args[1], &free, "free") < 0 ||
        read_mask(args[2], &light, "light") < 0)
        return NULL;
    long parity = PyLong_AsLong(args[3]);
    if (parity == -1 && PyErr_Occurred())
        return NULL;
    if (parity < -1 || parity > 3) {
        PyErr_SetString(PyExc_ValueError, "parity: -1 or 0 to 3");
        return NULL;
    }

    /* the cards, lowest anchor first (the card numbers of this function) */
    int anchor[MAXN], n = 0;
    for (int i = 0; i < NWORDS; i++)
        for (uint64_t word = lake.w[i]; word; word &= word - 1) {
            if (n == MAXN)
                Py_RETURN_NONE;
            int a = 64 * i + low_index(word);
            if (a % W > W - 2 || a / W > W - 2) {
                /* a card must lie on the grid (grid.REGION): its cells are a + 0, 1, W, W + 1 */
                PyErr_SetString(PyExc_ValueError, "anchors: a card whose block leaves the grid");
                return NULL;
            }
            anchor[n++] = a;
        }
    if (n < 2)
        Py_RETURN_NONE;
    /* cards touch when their anchors differ by 2 one way and at most 1 the other (WIN-CLAR-1) */
    uint64_t adj[MAXN];
    memset(adj, 0, sizeof adj);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int dx = abs(anchor[i] % W - anchor[j] % W), dy = anchor[j] / W - anchor[i] / W;
            if (dy > 2)
                break;                      /* later cards lie further down */
            if ((dx == 2 && dy <= 1) || (dy == 2 && dx <= 1)) {
                adj[i] |= (uint64_t)1 << j;
                adj[j] |= (uint64_t)1 << i;
            }
        }
    uint64_t everyone = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    if (part_of(1, everyone, adj) != everyone)
        Py_RETURN_NONE;

    /* the words any mask of this lake reaches: two rows around its cards */
    int low = anchor[0] - 2 * W - 1, high = anchor[n - 1] + 2 * W + 1;
    int w0 = low < 0 ? 0 : low >> 6;
    int w1 = high >= NBITS ? NWORDS - 1 : high >> 6;
    size_t span = (size_t)(w1 - w0 + 1) * sizeof(uint64_t);

    /* where a lifted card fits (grid.fit_and_single): anchors no card's block overlaps, and those at
     * most one overlaps; on the grid (REGION) and, under ALIGNED_GRID, even (WIN-GEO-3) */
    bitset covered, twice, fit, single;
    memset(covered.w + w0, 0, span);
    memset(twice.w + w0, 0, span);
    for (int i = 0; i < n; i++)
        for (size_t s = 0; s < sizeof COVER_STEPS / sizeof COVER_STEPS[0]; s++) {
            int q = anchor[i] + COVER_STEPS[s];
            if (q >= 0 && q < NBITS) {
                if (get_bit(&covered, q))
                    set_bit(&twice, q);
                set_bit(&covered, q);
            }
        }
    const bitset *on_grid = &REGIONS[parity + 1];
    for (int i = w0; i <= w1; i++) {
        fit.w[i] = on_grid->w[i] & ~covered.w[i];
        single.w[i] = on_grid->w[i] & ~twice.w[i];
    }

    bitset touched[MAXN];           /* per card, the anchors its block touches */
    int band0[MAXN], band1[MAXN];
    for (int c = 0; c < n; c++) {
        bitset *t = &touched[c];
        /* the words the card's touched anchors lie in: 5 rows around it */
        int lo = anchor[c] - 2 * W - 1, hi = anchor[c] + 2 * W + 1;
        band0[c] = lo < 0 ? 0 : lo >> 6;
        band1[c] = hi >= NBITS ? NWORDS - 1 : hi >> 6;
        memset(t->w + band0[c], 0, (size_t)(band1[c] - band0[c] + 1) * sizeof(uint64_t));
        for (size_t s = 0; s < sizeof TOUCH_STEPS / sizeof TOUCH_STEPS[0]; s++) {
            int p = anchor[c] + TOUCH_STEPS[s];
            if (p >= 0 && p < NBITS)
                set_bit(t, p);
        }
    }

    PyObject *entries = PyList_New(0);
    if (entries == NULL)
        return NULL;
    long long total = 0;
    bitset touch, acc, m;
    memset(&m, 0, sizeof m);
    for (int u = 0; u < n; u++) {
        int a = anchor[u];
        if (!get_bit(&free, a))
            continue;
        /* the anchors touching every part the lake falls into without card u */
        uint64_t alive = everyone & ~((uint64_t)1 << u);
        int first = 1;
        while (alive) {
            uint64_t part = part_of(alive & (~alive + 1), alive, adj);
            alive &= ~part;
            memset(acc.w + w0, 0, span);
            for (uint64_t p = part; p; p &= p - 1) {
                int c = low_index(p);
                const bitset *t = &touched[c];
                for (int i = band0[c]; i <= band1[c]; i++)
                    acc.w[i] |= t->w[i];
            }
            if (first) {
                memcpy(touch.w + w0, acc.w + w0, span);
                first = 0;
            }
            else {
                for (int i = w0; i <= w1; i++)
                    touch.w[i] &= acc.w[i];
            }
        }
        /* ... where it fits: no other card overlaps the block (its own cells count as empty) */
        int k = -1;
        for (int i = w0; i <= w1; i++)
            m.w[i] = touch.w[i] & fit.w[i];
        for (size_t s = 0; s < sizeof COVER_STEPS / sizeof COVER_STEPS[0]; s++) {
            int q = a + COVER_STEPS[s];
            if (q >= 0 && q < NBITS && get_bit(&single, q) && get_bit(&touch, q))
                set_bit(&m, q);
        }
        for (int i = w0; i <= w1; i++)
            k += count_bits(m.w[i]);
        int top = w1 + 1;
        while (top > 0 && m.w[top - 1] == 0)
            top--;
        PyObject *mask = mask_int(&m, top);
        for (int i = w0; i <= w1; i++)
            m.w[i] = 0;
        if (mask == NULL)
            goto fail;
        /* turned in place it is a move unless it looks the same turned: TL like BR, TR like BL */
        int same_turned = get_bit(&light, a) == get_bit(&light, a + W + 1) &&
                          get_bit(&light, a + 1) == get_bit(&light, a + W);
        PyObject *entry = PyTuple_New(7);
        if (entry == NULL) {
            Py_DECREF(mask);
            goto fail;
        }
        Py_INCREF(mask);
        PyTuple_SET_ITEM(entry, 1, mask);
        PyTuple_SET_ITEM(entry, 3, mask);
        PyObject *items[] = {PyLong_FromLong(a), PyLong_FromLong(k),
                             PyLong_FromLong(same_turned ? k : k + 1),
                             PyLong_FromLong(same_turned ? 3 : 1), PyLong_FromLongLong(total)};
        static const int at[] = {0, 2, 4, 5, 6};
        int bad = 0;
        for (int i = 0; i < 5; i++) {
            if (items[i] == NULL) {
                bad = 1;
                items[i] = Py_None;
                Py_INCREF(Py_None);
            }
            PyTuple_SET_ITEM(entry, at[i], items[i]);
        }
        if (bad || PyList_Append(entries, entry) < 0) {
            Py_DECREF(entry);
            goto fail;
        }
        Py_DECREF(entry);
        total += same_turned ? 2 * (long long)k : 2 * (long long)k + 1;
    }
    return Py_BuildValue("(NL)", entries, total);
fail:
    Py_DECREF(entries);
    return NULL;
}

PyDoc_STRVAR(select_bit_doc,
"select_bit(mask, k, count=None) -> int\n\n"
"The position of the k-th lowest set bit of ``mask`` (k from 0), as lotus_kit.winter.engine.select_bit;\n"
"``count`` (its number of set bits, when known) is not needed here. IndexError when mask has k or\n"
"fewer set bits.");

static PyObject *
select_bit(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (nargs != 2 && nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "select_bit takes 2 or 3 arguments");
        return NULL;
    }
    bitset mask;
    if (read_mask(args[0], &mask, "mask") < 0)
        return NULL;
    long k = PyLong_AsLong(args[1]);
    if (k == -1 && PyErr_Occurred())
        return NULL;
    if (k >= 0)
        for (int i = 0; i < NWORDS; i++) {
            int c = count_bits(mask.w[i]);
            if (k >= c) {
                k -= c;
                continue;
            }
            uint64_t word = mask.w[i];
            while (k--)
                word &= word - 1;
            return PyLong_FromLong(64 * i + low_index(word));
        }
    PyErr_SetString(PyExc_IndexError, "select_bit: the mask has too few set bits");
    return NULL;
}

static PyMethodDef methods[] = {
    {"select_bit", (PyCFunction)(void (*)(void))select_bit, METH_FASTCALL, select_bit_doc},
    {"thaw_entries", (PyCFunction)(void (*)(void))thaw_entries, METH_FASTCALL, thaw_entries_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "lotus_kit_speedups",
    "Optional compiled speedups for lotus_kit's Winter engine; the pure-Python engine is the reference.",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC
PyInit_lotus_kit_speedups(void)
{
    make_regions();
    PyObject *mod = PyModule_Create(&module);
    if (mod == NULL)
        return NULL;
    if (PyModule_AddIntConstant(mod, "W", W) < 0 || PyModule_AddIntConstant(mod, "VERSION", 3) < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    return mod;
}
