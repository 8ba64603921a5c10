#define _GNU_SOURCE
#include "CBuildInfo.h"

#include <elf.h>
#include <link.h>
#include <string.h>

// The GNU build ID of the loaded object (the program, or a shared library) that holds this
// code: the linker's hash of the code and data, so any rebuild that changes them changes it.

struct search {
    uintptr_t address;  // an address inside the object looked for
    unsigned char *out;
    size_t capacity;
    size_t length;  // 0 until found
};

static size_t note_build_id(const ElfW(Nhdr) *note, size_t size, struct search *search) {
    const unsigned char *p = (const unsigned char *)note, *end = p + size;
    while ((size_t)(end - p) >= sizeof(ElfW(Nhdr))) {
        const ElfW(Nhdr) *header = (const ElfW(Nhdr) *)p;
        size_t name = (header->n_namesz + 3u) & ~(size_t)3, desc = (header->n_descsz + 3u) & ~(size_t)3;
        const unsigned char *body = p + sizeof(ElfW(Nhdr));
        if (name > (size_t)(end - body) || desc > (size_t)(end - body) - name) return 0;
        if (header->n_type == NT_GNU_BUILD_ID && header->n_namesz == 4 && memcmp(body, "GNU", 4) == 0) {
            size_t length = header->n_descsz < search->capacity ? header->n_descsz : search->capacity;
            memcpy(search->out, body + name, length);
            return length;
        }
        p = body + name + desc;
    }
    return 0;
}

static int visit(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct search *search = data;
    int holds = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        uintptr_t start = info->dlpi_addr + segment->p_vaddr;
        if (segment->p_type == PT_LOAD && search->address >= start && search->address < start + segment->p_memsz) holds = 1;
    }
    if (!holds) return 0;
    for (int i = 0; i < info->dlpi_phnum && search->length == 0; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_NOTE) continue;
        search->length = note_build_id((const ElfW(Nhdr) *)(info->dlpi_addr + segment->p_vaddr), segment->p_memsz, search);
    }
    return 1;
}

size_t rotary_build_id(unsigned char *out, size_t capacity) {
    struct search search = {(uintptr_t)&rotary_build_id, out, capacity, 0};
    dl_iterate_phdr(visit, &search);
    return search.length;
}
