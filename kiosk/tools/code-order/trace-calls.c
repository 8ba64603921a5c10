// trace-calls.so — preloaded into rotary-kiosk by kiosk/tools/order-code, it records which of the
// executable's functions run, in the order they are first called, so the linker can put
// them together at the front of .text (see kiosk/tools/code-order/code-order.txt).
//
// Before the executable's own code runs, it writes a breakpoint (int3) over the first byte
// of every function listed in $TRACE_CALLS_IN (hexadecimal offsets from the load address,
// ascending). The first call to a function traps: the handler puts the byte back, notes the
// function and resumes it, so each function costs one trap. At exit the offsets are written,
// first call first, to $TRACE_CALLS_OUT.<pid>. Only a process whose executable path contains
// $TRACE_CALLS_EXE is traced (the kiosk, not the Xvfb or python beside it).
//
// A developer's tool, for x86-64 only: the order it yields is names, used for arm64 too.
#define _GNU_SOURCE
#include <limits.h>
#include <link.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#if !defined(__x86_64__)
#error "trace-calls writes x86-64 breakpoints: build and run it on an x86-64 machine"
#endif

static uintptr_t load_base, code_start, code_end;
static uintptr_t *entries;          // function offsets, ascending
static unsigned char *first_bytes;  // the byte each breakpoint covers
static atomic_uchar *called;
static atomic_uint *call_order;    // entry indexes, first call first; UINT_MAX: not written yet
static atomic_uint calls;
static size_t entry_count;
static char out_path[4096];

static long entry_index(uintptr_t offset) {
    size_t low = 0, high = entry_count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (entries[middle] < offset) low = middle + 1; else high = middle;
    }
    return low < entry_count && entries[low] == offset ? (long)low : -1;
}

static void on_breakpoint(int signal_number, siginfo_t *info, void *context) {
    ucontext_t *state = context;
    uintptr_t at = (uintptr_t)state->uc_mcontext.gregs[REG_RIP] - 1;
    long index = info->si_code == SI_KERNEL ? entry_index(at - load_base) : -1;
    if (index < 0) {  // no breakpoint of ours (a debugger's, a sent SIGTRAP): what it would have done without us
        signal(signal_number, SIG_DFL);
        raise(signal_number);
        return;
    }
    *(volatile unsigned char *)at = first_bytes[index];
    state->uc_mcontext.gregs[REG_RIP] = (greg_t)at;
    if (!atomic_exchange(&called[index], 1)) atomic_store(&call_order[atomic_fetch_add(&calls, 1)], (unsigned)index);
}

static int find_code(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size; (void)data;
    load_base = info->dlpi_addr;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type == PT_LOAD && (header->p_flags & PF_X)) {
            code_start = (load_base + header->p_vaddr) & ~(uintptr_t)4095;
            code_end = (load_base + header->p_vaddr + header->p_memsz + 4095) & ~(uintptr_t)4095;
        }
    }
    return 1;  // the first object is the executable
}

static void write_calls(void) {
    FILE *out = fopen(out_path, "w");
    if (!out) return;
    unsigned count = atomic_load(&calls);
    for (unsigned i = 0; i < count; i++) {
        unsigned index = atomic_load(&call_order[i]);
        if (index < entry_count) fprintf(out, "%lx\n", (unsigned long)entries[index]);  // skip a slot still being written
    }
    fclose(out);
}

static int read_entries(const char *path) {
    FILE *in = fopen(path, "r");
    if (!in) return -1;
    size_t capacity = 1 << 16;
    entries = malloc(capacity * sizeof *entries);
    unsigned long offset;
    while (entries && fscanf(in, "%lx", &offset) == 1) {
        if (entry_count == capacity) entries = realloc(entries, (capacity *= 2) * sizeof *entries);
        if (entries) entries[entry_count++] = offset;
    }
    fclose(in);
    return entries ? 0 : -1;
}

__attribute__((constructor)) static void start_tracing(void) {
    const char *in = getenv("TRACE_CALLS_IN"), *out = getenv("TRACE_CALLS_OUT"), *want = getenv("TRACE_CALLS_EXE");
    char executable[4096];
    ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
    if (!in || !out || length <= 0) return;
    executable[length] = 0;
    if (want && !strstr(executable, want)) return;
    if (read_entries(in) != 0) { fprintf(stderr, "trace-calls: cannot read %s\n", in); return; }
    dl_iterate_phdr(find_code, NULL);
    first_bytes = malloc(entry_count);
    called = calloc(entry_count, 1);
    call_order = malloc(entry_count * sizeof *call_order);
    if (!first_bytes || !called || !call_order) return;
    for (size_t i = 0; i < entry_count; i++) atomic_init(&call_order[i], UINT_MAX);
    snprintf(out_path, sizeof out_path, "%s.%d", out, (int)getpid());
    if (mprotect((void *)code_start, code_end - code_start, PROT_READ | PROT_WRITE | PROT_EXEC) != 0) {
        perror("trace-calls: mprotect");
        return;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_breakpoint;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTRAP, &action, NULL);
    for (size_t i = 0; i < entry_count; i++) {
        unsigned char *at = (unsigned char *)(load_base + entries[i]);
        if ((uintptr_t)at < code_start || (uintptr_t)at >= code_end) continue;
        first_bytes[i] = *at;
        *at = 0xCC;
    }
    atexit(write_calls);
}
