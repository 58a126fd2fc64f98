/* The record format and the field readers, a line or a small text at a
 * time, with the exact messages a player would read. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mistakes.h"
#include "records.h"

/* ---- Helpers ---- */

/* Checks the mistakes are exactly these lines (given as one text, each line
 * ended with \n; "" for none) */
static void expect_errors_at(int line, const Errors *errors, const char *expected)
{
    char *got = joined(errors);
    if (strcmp(got, expected) != 0) fprintf(stderr, "  (from test_records.c:%d)\n", line);
    CHECK_STR(got, expected);
    free(got);
}
#define EXPECT_ERRORS(errors, expected) expect_errors_at(__LINE__, (errors), (expected))

typedef struct Parsed {
    RecFile file;
    Errors errors;
    bool ok;
} Parsed;

static Parsed parse_bytes(const char *text, size_t len)
{
    Parsed parsed;
    memset(&parsed, 0, sizeof parsed);
    parsed.ok = rec_parse(&parsed.file, text, len, "t.txt", &parsed.errors);
    CHECK_INT(parsed.ok, parsed.errors.count == 0);
    return parsed;
}

static Parsed parse(const char *text)
{
    return parse_bytes(text, strlen(text));
}

static void done(Parsed *parsed)
{
    rec_free(&parsed->file);
    errors_clear(&parsed->errors);
}

static const RecField *field(const Parsed *parsed, int record, const char *key)
{
    if (record >= parsed->file.count) return NULL;
    const Record *r = &parsed->file.records[record];
    for (int i = 0; i < r->field_count; ++i) {
        if (strcmp(r->fields[i].key, key) == 0) return &r->fields[i];
    }
    return NULL;
}

static const char *value(const Parsed *parsed, int record, const char *key)
{
    const RecField *f = field(parsed, record, key);
    return f ? f->value : NULL;
}

/* ---- The format ---- */

static void test_comments_and_blank_lines(void)
{
    Parsed p = parse("# a comment\n"
                     "   # an indented comment\n"
                     "\n"
                     "   \t \n"
                     "[monster]\n"
                     "# between keys\n"
                     "name = rat # not a comment\n"
                     "wall = ###\n");
    EXPECT_ERRORS(&p.errors, "");
    CHECK_INT(p.file.count, 1);
    CHECK_STR(p.file.records[0].type, "monster");
    CHECK_INT(p.file.records[0].line, 5);
    CHECK_STR(value(&p, 0, "name"), "rat # not a comment");
    CHECK_STR(value(&p, 0, "wall"), "###");
    CHECK_INT(field(&p, 0, "name")->line, 7);
    CHECK_INT(field(&p, 0, "name")->row_count, 0);
    done(&p);
}

static void test_trimming(void)
{
    Parsed p = parse("   [monster]  \t\n"
                     "  name\t=   giant white rat  \t \n"
                     "empty =\n"
                     "spaced=a=b\n");
    EXPECT_ERRORS(&p.errors, "");
    CHECK_INT(p.file.count, 1);
    CHECK_STR(value(&p, 0, "name"), "giant white rat");
    CHECK_STR(value(&p, 0, "empty"), "");
    CHECK_STR(value(&p, 0, "spaced"), "a=b");
    done(&p);
}

static void test_records_in_order(void)
{
    Parsed p = parse("[a]\nx = 1\n\n[b]\ny = 2\n[a]\nx = 3\n");
    EXPECT_ERRORS(&p.errors, "");
    CHECK_INT(p.file.count, 3);
    CHECK_STR(p.file.records[1].type, "b");
    CHECK_INT(p.file.records[2].line, 6);
    CHECK_STR(value(&p, 2, "x"), "3");
    CHECK_INT(p.file.records[1].field_count, 1);
    done(&p);
}

static void test_rows(void)
{
    Parsed p = parse("[vault]\n"
                     "map =\n"
                     "|#####\n"
                     "| ### \n"
                     "   |#   #\n"
                     "|\n"
                     "|# # #   \t\n"
                     "id = x\n");
    EXPECT_ERRORS(&p.errors, "");
    const RecField *map = field(&p, 0, "map");
    CHECK(map != NULL);
    if (map != NULL) {
        /* leading spaces kept, trailing ones trimmed; an empty row is a row */
        CHECK_STR(map->value, "#####\n ###\n#   #\n\n# # #");
        CHECK_INT(map->row_count, 5);
        CHECK_INT(map->line, 2);
    }
    CHECK_STR(value(&p, 0, "id"), "x");
    done(&p);
}

static void test_row_after_blank_line(void)
{
    Parsed p = parse("[vault]\n"
                     "map =\n"
                     "|###\n"
                     "\n"
                     "|#.#\n"
                     "|###\n"
                     "[vault]\n"
                     "map =\n"
                     "|###\n");
    /* reported once, at the row that doesn't follow; the rows still carry
     * on the key, so the map keeps its shape */
    EXPECT_ERRORS(&p.errors, "t.txt:5: a | row follows its key, or another row\n");
    CHECK_INT(p.file.count, 2);
    CHECK_STR(value(&p, 0, "map"), "###\n#.#\n###");
    CHECK_INT(field(&p, 0, "map")->row_count, 3);
    CHECK_INT(p.file.records[1].line, 7);
    done(&p);
}

static void test_row_after_comment(void)
{
    Parsed p = parse("[vault]\nmap =\n# a comment\n|###\n# a comment\n|#.#\n|###\n");
    EXPECT_ERRORS(&p.errors,
                  "t.txt:4: a | row follows its key, or another row\n"
                  "t.txt:6: a | row follows its key, or another row\n");
    CHECK_STR(value(&p, 0, "map"), "###\n#.#\n###");
    done(&p);
}

static void test_row_without_key(void)
{
    Parsed p = parse("|###\n[vault]\n|###\nid = a\n");
    EXPECT_ERRORS(&p.errors,
                  "t.txt:1: a | row follows its key, or another row\n"
                  "t.txt:3: a | row follows its key, or another row\n");
    CHECK_INT(p.file.count, 1);
    CHECK_STR(value(&p, 0, "id"), "a");
    done(&p);
}

static void test_row_after_key_with_value(void)
{
    Parsed p = parse("[vault]\nmap = ###\n|#.#\n|###\n");
    /* once: the rows after the first go with it */
    EXPECT_ERRORS(&p.errors, "t.txt:3: 'map' has a value after its =, so it can't take | rows\n");
    CHECK_STR(value(&p, 0, "map"), "###");
    done(&p);
}

static void test_crlf(void)
{
    Parsed p = parse("[vault]\r\nid = a  \r\nmap =\r\n|#.# \r\n|###\r\n\r\n[b]\r\n");
    EXPECT_ERRORS(&p.errors, "");
    CHECK_INT(p.file.count, 2);
    CHECK_STR(value(&p, 0, "id"), "a");
    CHECK_STR(value(&p, 0, "map"), "#.#\n###");
    CHECK_INT(p.file.records[1].line, 7);
    done(&p);
}

static void test_no_final_newline(void)
{
    Parsed p = parse("[a]\nname = rat");
    EXPECT_ERRORS(&p.errors, "");
    CHECK_STR(value(&p, 0, "name"), "rat");
    done(&p);
    p = parse("[a]\nmap =\n|##");
    CHECK_STR(value(&p, 0, "map"), "##");
    done(&p);
    p = parse("[a]\nbad line");
    EXPECT_ERRORS(&p.errors,
                  "t.txt:2: 'bad line' isn't a [record] line, a key = value, a | row or a # comment\n");
    done(&p);
}

static void test_empty_texts(void)
{
    Parsed p = parse("");
    EXPECT_ERRORS(&p.errors, "");
    CHECK_INT(p.file.count, 0);
    done(&p);
    p = parse_bytes(NULL, 0);
    CHECK_INT(p.file.count, 0);
    done(&p);
    p = parse("\n\n# only a comment\n");
    EXPECT_ERRORS(&p.errors, "");
    CHECK_INT(p.file.count, 0);
    done(&p);
}

static void test_byte_order_mark(void)
{
    Parsed p = parse("\xEF\xBB\xBF[a]\nname = rat\n");
    EXPECT_ERRORS(&p.errors, "");
    CHECK_INT(p.file.count, 1);
    done(&p);
}

static void test_key_before_record(void)
{
    Parsed p = parse("hp = 4\nsight = 6\n|row\n[a]\nx = 1\n");
    /* once for the lot: they're one mistake, a missing [type] line */
    EXPECT_ERRORS(&p.errors, "t.txt:1: 'hp' comes before the first [record] line\n");
    CHECK_INT(p.file.count, 1);
    CHECK_INT(p.file.records[0].field_count, 1);
    done(&p);
}

static void test_duplicate_key(void)
{
    Parsed p = parse("[a]\nhp = 4\nname = x\nhp = 5\nmap =\n|#\nmap =\n|.\n");
    EXPECT_ERRORS(&p.errors,
                  "t.txt:4: 'hp' is given twice\n"
                  "t.txt:7: 'map' is given twice\n");
    /* the record stays, so its other checks still run; the first value stands */
    CHECK_INT(p.file.count, 1);
    CHECK_STR(value(&p, 0, "hp"), "4");
    CHECK_STR(value(&p, 0, "map"), "#");
    done(&p);
}

static void test_bad_record_type(void)
{
    Parsed p = parse("[Monster]\nname = x\nmap =\n|#\n[]\n[two words]\n[b]\ny = 1\n");
    EXPECT_ERRORS(&p.errors,
                  "t.txt:1: 'Monster' isn't a record type: use lowercase letters, digits and _\n"
                  "t.txt:5: '' isn't a record type: use lowercase letters, digits and _\n"
                  "t.txt:6: 'two words' isn't a record type: use lowercase letters, digits and _\n");
    CHECK_INT(p.file.count, 1);
    CHECK_STR(p.file.records[0].type, "b");
    CHECK_INT(p.file.records[0].field_count, 1);
    done(&p);
}

static void test_lines_of_no_kind(void)
{
    Parsed p = parse("[a]\nname rat\n= 5\n[b\n[c]\nx = 1\n");
    EXPECT_ERRORS(&p.errors,
                  "t.txt:2: 'name rat' isn't a [record] line, a key = value, a | row or a # comment\n"
                  "t.txt:3: '= 5' has no key before its =\n"
                  "t.txt:4: '[b' isn't a [record] line, a key = value, a | row or a # comment\n");
    /* the records are kept, so their other mistakes are found too */
    CHECK_INT(p.file.count, 2);
    CHECK_INT(p.file.records[0].field_count, 0);
    CHECK_STR(p.file.records[1].type, "c");
    done(&p);
}

static void test_rows_after_broken_line_go_with_it(void)
{
    Parsed p = parse("[vault]\nmap\n|###\n|#.#\n|###\n\n|###\n");
    EXPECT_ERRORS(&p.errors,
                  "t.txt:2: 'map' isn't a [record] line, a key = value, a | row or a # comment\n"
                  "t.txt:7: a | row follows its key, or another row\n");
    CHECK_INT(p.file.records[0].field_count, 0);
    done(&p);
}

static void test_bytes_that_arent_text(void)
{
    static const char with_nul[] = "[a]\nname = r\0t\nok = 1\n";
    Parsed p = parse_bytes(with_nul, sizeof with_nul - 1);
    EXPECT_ERRORS(&p.errors, "t.txt:2: there's a byte that isn't text, at column 9\n");
    /* the line is read with a ? in the byte's place, so the record's other
     * checks still run */
    CHECK_INT(p.file.count, 1);
    CHECK_STR(value(&p, 0, "name"), "r?t");
    CHECK_STR(value(&p, 0, "ok"), "1");
    done(&p);

    /* reported once a line, even if the line is then of no kind; a row
     * keeps its place in its map */
    p = parse("[a]\n\x01\x02 nothing\nmap =\n|#\xff#\n|###\n");
    EXPECT_ERRORS(&p.errors,
                  "t.txt:2: there's a byte that isn't text, at column 1\n"
                  "t.txt:4: there's a byte that isn't text, at column 3\n");
    CHECK_STR(value(&p, 0, "map"), "#?#\n###");
    done(&p);

    p = parse("[a]\n"
              "x = \xff\n"              /* never in UTF-8 */
              "y = \x01\n"              /* a control character */
              "z = a\rb\n"              /* a carriage return not at the end */
              "w = \xC0\xAF\n"          /* an overlong / */
              "v = \xED\xA0\x80\n"      /* a surrogate */
              "u = \xE2\x82\n"          /* cut short */
              "t = \xF4\x90\x80\x80\n"  /* past U+10FFFF */
              "s = \x7f\n"              /* DEL */
              "# comment \x80\n");
    EXPECT_ERRORS(&p.errors,
                  "t.txt:2: there's a byte that isn't text, at column 5\n"
                  "t.txt:3: there's a byte that isn't text, at column 5\n"
                  "t.txt:4: there's a byte that isn't text, at column 6\n"
                  "t.txt:5: there's a byte that isn't text, at column 5\n"
                  "t.txt:6: there's a byte that isn't text, at column 5\n"
                  "t.txt:7: there's a byte that isn't text, at column 5\n"
                  "t.txt:8: there's a byte that isn't text, at column 5\n"
                  "t.txt:9: there's a byte that isn't text, at column 5\n"
                  "t.txt:10: there's a byte that isn't text, at column 11\n");
    CHECK_STR(value(&p, 0, "x"), "?");
    CHECK_STR(value(&p, 0, "z"), "a?b");
    CHECK_STR(value(&p, 0, "v"), "???");
    done(&p);

    /* valid UTF-8 is text: a name may have accents */
    p = parse("[a]\nname = caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x90\x89\n");
    EXPECT_ERRORS(&p.errors, "");
    CHECK_STR(value(&p, 0, "name"), "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x90\x89");
    done(&p);
}

static void test_huge_line_is_quoted_short(void)
{
    size_t len = 10u << 20;
    char *text = malloc(len + 1);
    memset(text, 'x', len);
    text[len] = '\0';
    Parsed p = parse_bytes(text, len);
    EXPECT_ERRORS(&p.errors,
                  "t.txt:1: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' isn't a [record] line, "
                  "a key = value, a | row or a # comment\n");
    done(&p);

    /* a huge value is read whole; the field readers say it's too long */
    memcpy(text, "[a]\nv = ", 8);
    p = parse_bytes(text, len);
    EXPECT_ERRORS(&p.errors, "");
    CHECK_INT(strlen(value(&p, 0, "v")), len - 8);
    done(&p);
    free(text);
}

static void test_quote_keeps_utf8_whole(void)
{
    char quoted[REC_QUOTE_SIZE];
    /* 39 bytes of a, then a 2-byte character across the 40-byte cut */
    char text[64];
    memset(text, 'a', 39);
    strcpy(text + 39, "\xC3\xA9zzz");
    rec_quote(text, quoted);
    CHECK_INT(strlen(quoted), 39 + 3);
    CHECK(strcmp(quoted + 39, "...") == 0);
    CHECK_STR(rec_quote("short", quoted), "short");
    CHECK_STR(rec_quote("", quoted), "");
    memset(text, 'b', 40);
    text[40] = '\0';
    CHECK_INT(strlen(rec_quote(text, quoted)), 40);
}

static void test_whole_number_helper(void)
{
    int n = -1;
    CHECK(rec_whole_number("42", 2, &n));
    CHECK_INT(n, 42);
    CHECK(rec_whole_number("-7", 2, &n));
    CHECK_INT(n, -7);
    CHECK(rec_whole_number("2000000000", 10, &n));
    CHECK(!rec_whole_number("2000000001", 10, &n));
    CHECK(!rec_whole_number("", 0, &n));
    CHECK(!rec_whole_number("-", 1, &n));
    CHECK(!rec_whole_number("+3", 2, &n));
    CHECK(!rec_whole_number("3x", 2, &n));
    CHECK(!rec_whole_number("99999999999999999999999", 23, &n));
    CHECK(rec_whole_number("12", 1, &n));   /* only len bytes are read */
    CHECK_INT(n, 1);
}

static void test_too_many_keys(void)
{
    size_t size = 300 * 16 + 16;
    char *text = malloc(size);
    strcpy(text, "[a]\n");
    for (int i = 0; i < 300; ++i) sprintf(text + strlen(text), "k%d = %d\n", i, i);
    strcat(text, "[b]\n");
    Parsed p = parse(text);
    EXPECT_ERRORS(&p.errors, "t.txt:258: a record can't have more than 256 keys\n");
    CHECK_INT(p.file.count, 2);
    CHECK_INT(p.file.records[0].field_count, 256);
    CHECK_STR(p.file.records[1].type, "b");
    done(&p);
    free(text);
}

static void test_too_many_mistakes(void)
{
    size_t count = 1500;
    char *text = malloc(count * 2 + 1);
    for (size_t i = 0; i < count; ++i) memcpy(text + i * 2, "?\n", 2);
    Parsed p = parse_bytes(text, count * 2);
    CHECK_INT(p.errors.count, REC_MAX_MISTAKES + 1);
    CHECK_STR(p.errors.lines[0], "t.txt:1: '?' isn't a [record] line, a key = value, a | row or a # comment");
    CHECK_STR(p.errors.lines[REC_MAX_MISTAKES],
              "t.txt:1000: too many mistakes: the rest of the file isn't read");
    done(&p);
    free(text);
}

static void test_every_mistake_is_reported(void)
{
    Parsed p = parse("name = before\n"
                     "[monster]\n"
                     "id = rat\n"
                     "id = mouse\n"
                     "what is this\n"
                     "[Item]\n"
                     "[item]\n"
                     "\x80\n"
                     "[vault]\n"
                     "map =\n"
                     "|#\n"
                     "\n"
                     "|.\n"
                     "[vault]\n"
                     "id = fine\n");
    EXPECT_ERRORS(&p.errors,
                  "t.txt:1: 'name' comes before the first [record] line\n"
                  "t.txt:4: 'id' is given twice\n"
                  "t.txt:5: 'what is this' isn't a [record] line, a key = value, a | row or a # comment\n"
                  "t.txt:6: 'Item' isn't a record type: use lowercase letters, digits and _\n"
                  "t.txt:8: there's a byte that isn't text, at column 1\n"
                  "t.txt:13: a | row follows its key, or another row\n");
    CHECK_INT(p.file.count, 4);
    CHECK_STR(value(&p, 0, "id"), "rat");
    CHECK_STR(value(&p, 2, "map"), "#\n.");
    CHECK_STR(value(&p, 3, "id"), "fine");
    done(&p);
}

/* ---- The field readers ---- */

typedef struct Reading {
    Parsed parsed;
    Fields fields;
} Reading;

/* A record to read: "[thing]" on line 1, then the given lines */
static Reading *reading(const char *lines)
{
    Reading *r = malloc(sizeof *r);
    size_t size = strlen(lines) + 16;
    char *text = malloc(size);
    snprintf(text, size, "[thing]\n%s", lines);
    r->parsed = parse(text);
    free(text);
    CHECK_INT(r->parsed.file.count, 1);
    CHECK_INT(r->parsed.errors.count, 0);
    fld_init(&r->fields, &r->parsed.file.records[0], "t.txt", &r->parsed.errors);
    return r;
}

static void finish_reading(Reading *r)
{
    done(&r->parsed);
    free(r);
}

static void test_text(void)
{
    Reading *r = reading("name = giant white rat\nempty =\nrows =\n|a\n|b\n");
    CHECK_STR(fld_text(&r->fields, "name"), "giant white rat");
    EXPECT_ERRORS(&r->parsed.errors, "");
    CHECK_STR(fld_text(&r->fields, "empty"), "");
    CHECK_STR(fld_text(&r->fields, "missing"), "");
    CHECK_STR(fld_text(&r->fields, "rows"), "");
    EXPECT_ERRORS(&r->parsed.errors,
                  "t.txt:3: 'empty' is empty\n"
                  "t.txt:1: [thing] needs 'missing'\n"
                  "t.txt:4: 'rows' should be on one line, not in | rows\n");
    CHECK_INT(r->fields.mistakes, 3);
    finish_reading(r);
}

static void test_text_into(void)
{
    Reading *r = reading("seven = abcdefg\neight = abcdefgh\n");
    char out[8];
    fld_text_into(&r->fields, "seven", out, sizeof out);
    CHECK_STR(out, "abcdefg");
    fld_text_into(&r->fields, "eight", out, sizeof out);
    CHECK_STR(out, "");
    EXPECT_ERRORS(&r->parsed.errors, "t.txt:3: 'eight' is longer than 7 characters\n");
    finish_reading(r);

    char name[48];
    r = reading("name = aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n");
    fld_text_into(&r->fields, "name", name, sizeof name);
    EXPECT_ERRORS(&r->parsed.errors, "t.txt:2: 'name' is longer than 47 characters\n");
    finish_reading(r);
}

static void test_number(void)
{
    Reading *r = reading("a = 12\nb = -3\nc = abc\nd = 4.5\ne =\n"
                         "f = 12345678901234567890\ng = 2000000000\nh = 2000000001\n"
                         "i = -99999999999\nj = +5\nk = 5 6\nl = 0\nm = 007\n");
    CHECK_INT(fld_number(&r->fields, "a", 1), 12);
    CHECK_INT(fld_number(&r->fields, "b", -5), -3);
    CHECK_INT(fld_number(&r->fields, "g", 0), 2000000000);
    CHECK_INT(fld_number(&r->fields, "m", 0), 7);
    EXPECT_ERRORS(&r->parsed.errors, "");
    CHECK_INT(fld_number(&r->fields, "b", 0), 0);
    CHECK_INT(fld_number(&r->fields, "c", 1), 1);
    CHECK_INT(fld_number(&r->fields, "d", 1), 1);
    CHECK_INT(fld_number(&r->fields, "e", 1), 1);
    CHECK_INT(fld_number(&r->fields, "f", 1), 1);
    CHECK_INT(fld_number(&r->fields, "h", 1), 1);
    CHECK_INT(fld_number(&r->fields, "i", 0), 0);
    CHECK_INT(fld_number(&r->fields, "j", 0), 0);
    CHECK_INT(fld_number(&r->fields, "k", 0), 0);
    CHECK_INT(fld_number(&r->fields, "l", 1), 1);
    CHECK_INT(fld_number(&r->fields, "hp", 1), 1);
    EXPECT_ERRORS(&r->parsed.errors,
                  "t.txt:3: 'b' should be at least 0\n"
                  "t.txt:4: 'c' should be a whole number\n"
                  "t.txt:5: 'd' should be a whole number\n"
                  "t.txt:6: 'e' should be a whole number\n"
                  "t.txt:7: 'f' is too big\n"
                  "t.txt:9: 'h' is too big\n"
                  "t.txt:10: 'i' should be at least 0\n"
                  "t.txt:11: 'j' should be a whole number\n"
                  "t.txt:12: 'k' should be a whole number\n"
                  "t.txt:13: 'l' should be at least 1\n"
                  "t.txt:1: [thing] needs 'hp'\n");
    finish_reading(r);
}

static void test_numbers(void)
{
    Reading *r = reading("damage = 1 3\nspread =   2 \t  8  \none = 1\nthree = 1 2 3\n"
                         "word = 1 x\nlow = 0 3\nbig = 1 99999999999\nnegative = -1 2\n");
    int out[2] = {-1, -1};
    CHECK(fld_numbers(&r->fields, "damage", 2, 0, out));
    CHECK_INT(out[0], 1);
    CHECK_INT(out[1], 3);
    CHECK(fld_numbers(&r->fields, "spread", 2, 0, out));
    CHECK_INT(out[0], 2);
    CHECK_INT(out[1], 8);
    EXPECT_ERRORS(&r->parsed.errors, "");
    CHECK(!fld_numbers(&r->fields, "one", 2, 0, out));
    CHECK_INT(out[0], 0);
    CHECK_INT(out[1], 0);
    CHECK(!fld_numbers(&r->fields, "three", 2, 0, out));
    CHECK(!fld_numbers(&r->fields, "word", 2, 0, out));
    CHECK(!fld_numbers(&r->fields, "low", 2, 1, out));
    CHECK_INT(out[0], 1);
    CHECK(!fld_numbers(&r->fields, "big", 2, 1, out));
    CHECK(!fld_numbers(&r->fields, "negative", 2, 0, out));
    CHECK(!fld_numbers(&r->fields, "floors", 2, 1, out));
    int single;
    CHECK(!fld_numbers(&r->fields, "three", 1, 0, &single));
    EXPECT_ERRORS(&r->parsed.errors,
                  "t.txt:4: 'one' should be 2 whole numbers\n"
                  "t.txt:5: 'three' should be 2 whole numbers\n"
                  "t.txt:6: 'word' should be 2 whole numbers\n"
                  "t.txt:7: 'low' should be at least 1\n"
                  "t.txt:8: 'big' is too big\n"
                  "t.txt:9: 'negative' should be at least 0\n"
                  "t.txt:1: [thing] needs 'floors'\n"
                  "t.txt:5: 'three' should be 1 whole number\n");
    finish_reading(r);
}

static void test_color(void)
{
    Reading *r = reading("good = 215 215 205\nedge = 0 255 0\nhigh = 256 0 0\n"
                         "short = 1 2\nwords = a b c\nlow = -1 0 0\n");
    Color c = fld_color(&r->fields, "good");
    CHECK(c.r == 215 && c.g == 215 && c.b == 205 && c.a == 255);
    c = fld_color(&r->fields, "edge");
    CHECK(c.r == 0 && c.g == 255 && c.b == 0 && c.a == 255);
    EXPECT_ERRORS(&r->parsed.errors, "");
    fld_color(&r->fields, "high");
    fld_color(&r->fields, "short");
    fld_color(&r->fields, "words");
    c = fld_color(&r->fields, "low");
    CHECK(c.a == 255);
    fld_color(&r->fields, "color");
    EXPECT_ERRORS(&r->parsed.errors,
                  "t.txt:4: 'high' should be 3 whole numbers from 0 to 255: red, green and blue\n"
                  "t.txt:5: 'short' should be 3 whole numbers from 0 to 255: red, green and blue\n"
                  "t.txt:6: 'words' should be 3 whole numbers from 0 to 255: red, green and blue\n"
                  "t.txt:7: 'low' should be 3 whole numbers from 0 to 255: red, green and blue\n"
                  "t.txt:1: [thing] needs 'color'\n");
    finish_reading(r);
}

static void test_glyph(void)
{
    Reading *r = reading("a = r\nb = ,\nc = ~\nd = rr\ne = \xC3\xA9\nf =\n");
    CHECK_INT(fld_glyph(&r->fields, "a"), 'r');
    CHECK_INT(fld_glyph(&r->fields, "b"), ',');
    CHECK_INT(fld_glyph(&r->fields, "c"), '~');
    EXPECT_ERRORS(&r->parsed.errors, "");
    CHECK_INT(fld_glyph(&r->fields, "d"), '?');
    CHECK_INT(fld_glyph(&r->fields, "e"), '?');
    CHECK_INT(fld_glyph(&r->fields, "f"), '?');
    EXPECT_ERRORS(&r->parsed.errors,
                  "t.txt:5: 'd' should be one printable ASCII character\n"
                  "t.txt:6: 'e' should be one printable ASCII character\n"
                  "t.txt:7: 'f' should be one printable ASCII character\n");
    finish_reading(r);
}

static void test_id(void)
{
    Reading *r = reading("a = giant_rat_2\n"
                         "b = Giant\nc = a-b\nd = two words\ne =\n"
                         "f = abcdefghijklmnopqrstuvwxyz01234\n"
                         "g = abcdefghijklmnopqrstuvwxyz012345\n");
    char id[ID_SIZE];
    fld_id(&r->fields, "a", id);
    CHECK_STR(id, "giant_rat_2");
    fld_id(&r->fields, "f", id);
    CHECK_STR(id, "abcdefghijklmnopqrstuvwxyz01234");
    EXPECT_ERRORS(&r->parsed.errors, "");
    const char *bad[] = {"b", "c", "d", "e", "g", "id"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        fld_id(&r->fields, bad[i], id);
        CHECK_STR(id, "");
    }
    EXPECT_ERRORS(&r->parsed.errors,
                  "t.txt:3: 'b' should be lowercase letters, digits and _\n"
                  "t.txt:4: 'c' should be lowercase letters, digits and _\n"
                  "t.txt:5: 'd' should be lowercase letters, digits and _\n"
                  "t.txt:6: 'e' should be lowercase letters, digits and _\n"
                  "t.txt:8: 'g' is longer than 31 characters\n"
                  "t.txt:1: [thing] needs 'id'\n");
    finish_reading(r);
}

static void test_yes_no(void)
{
    Reading *r = reading("a = yes\nb = no\nc = Yes\nd = maybe\n");
    CHECK(fld_yes_no(&r->fields, "a"));
    CHECK(!fld_yes_no(&r->fields, "b"));
    CHECK(!fld_yes_no(&r->fields, "missing"));
    EXPECT_ERRORS(&r->parsed.errors, "");
    CHECK(!fld_yes_no(&r->fields, "c"));
    CHECK(!fld_yes_no(&r->fields, "d"));
    EXPECT_ERRORS(&r->parsed.errors,
                  "t.txt:4: 'c' should be yes or no\n"
                  "t.txt:5: 'd' should be yes or no\n");
    CHECK(fld_finish(&r->fields) == false);
    finish_reading(r);
}

static void test_rows_reader(void)
{
    Reading *r = reading("map =\n|###\n| #\nflat =\nvalue = x\n");
    int count = -1;
    CHECK_STR(fld_rows(&r->fields, "map", &count), "###\n #");
    CHECK_INT(count, 2);
    EXPECT_ERRORS(&r->parsed.errors, "");
    CHECK(fld_rows(&r->fields, "flat", &count) == NULL);
    CHECK_INT(count, 0);
    CHECK(fld_rows(&r->fields, "value", &count) == NULL);
    CHECK(fld_rows(&r->fields, "rows", &count) == NULL);
    EXPECT_ERRORS(&r->parsed.errors,
                  "t.txt:5: 'flat' needs rows, each on a line starting with |\n"
                  "t.txt:6: 'value' needs rows, each on a line starting with |\n"
                  "t.txt:1: [thing] needs 'rows'\n");
    finish_reading(r);
}

static void test_has_and_line(void)
{
    Reading *r = reading("a = 1\n\nb = 2\n");
    CHECK(fld_has(&r->fields, "a"));
    CHECK(!fld_has(&r->fields, "z"));
    CHECK_INT(fld_line(&r->fields, "b"), 4);
    CHECK_INT(fld_line(&r->fields, "z"), 1);
    /* fld_line doesn't count as asking: b is still unknown */
    CHECK(!fld_finish(&r->fields));
    EXPECT_ERRORS(&r->parsed.errors, "t.txt:4: unknown key 'b'\n");
    finish_reading(r);
}

static void test_finish(void)
{
    Reading *r = reading("hp = 4\nfoo = 1\nsight = 3\n"
                         "a_very_long_key_that_goes_on_and_on_and_on_for_ever = 1\n");
    CHECK_INT(fld_number(&r->fields, "hp", 1), 4);
    CHECK_INT(fld_number(&r->fields, "sight", 1), 3);
    CHECK(!fld_finish(&r->fields));
    EXPECT_ERRORS(&r->parsed.errors,
                  "t.txt:3: unknown key 'foo'\n"
                  "t.txt:5: unknown key 'a_very_long_key_that_goes_on_and_on_and_...'\n");
    finish_reading(r);

    r = reading("hp = 4\n");
    CHECK_INT(fld_number(&r->fields, "hp", 1), 4);
    CHECK(fld_finish(&r->fields));
    EXPECT_ERRORS(&r->parsed.errors, "");
    finish_reading(r);

    /* a mistake in a value alone makes the record bad */
    r = reading("hp = x\n");
    fld_number(&r->fields, "hp", 1);
    CHECK(!fld_finish(&r->fields));
    finish_reading(r);
}

static void test_report(void)
{
    Reading *r = reading("a = 1\n");
    fld_report(&r->fields, 42, "'%s' is more than %d", "a", 0);
    CHECK_INT(r->fields.mistakes, 1);
    EXPECT_ERRORS(&r->parsed.errors, "t.txt:42: 'a' is more than 0\n");
    finish_reading(r);
}

int main(void)
{
    test_comments_and_blank_lines();
    test_trimming();
    test_records_in_order();
    test_rows();
    test_row_after_blank_line();
    test_row_after_comment();
    test_row_without_key();
    test_row_after_key_with_value();
    test_crlf();
    test_no_final_newline();
    test_empty_texts();
    test_byte_order_mark();
    test_key_before_record();
    test_duplicate_key();
    test_bad_record_type();
    test_lines_of_no_kind();
    test_rows_after_broken_line_go_with_it();
    test_bytes_that_arent_text();
    test_huge_line_is_quoted_short();
    test_quote_keeps_utf8_whole();
    test_whole_number_helper();
    test_too_many_keys();
    test_too_many_mistakes();
    test_every_mistake_is_reported();
    test_text();
    test_text_into();
    test_number();
    test_numbers();
    test_color();
    test_glyph();
    test_id();
    test_yes_no();
    test_rows_reader();
    test_has_and_line();
    test_finish();
    test_report();
    return check_done("test_records");
}
