/*
 * Checks an iCalendar file with libical, as a calendar client would read it: parses it, runs libical's iTIP
 * restriction check for its METHOD (RFC 5546's table of which properties each method needs or forbids), and prints
 * every X-LIC-ERROR the parser or the check attached. On success prints one line per VEVENT:
 *   <UID> <SEQUENCE> <STATUS> <start, Unix seconds> <end, Unix seconds>
 * with the times resolved through the file's own VTIMEZONE, so a test can compare them with the instants it meant.
 * Exit status: 0 valid, 1 errors found, 2 unreadable or not a VCALENDAR.
 */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>

static int report_errors(icalcomponent *c) {
  int found = 0;
  for (icalproperty *p = icalcomponent_get_first_property(c, ICAL_XLICERROR_PROPERTY); p;
       p = icalcomponent_get_next_property(c, ICAL_XLICERROR_PROPERTY)) {
    fprintf(stderr, "%s: %s\n", icalcomponent_kind_to_string(icalcomponent_isa(c)), icalproperty_get_xlicerror(p));
    found++;
  }
  for (icalcomponent *k = icalcomponent_get_first_component(c, ICAL_ANY_COMPONENT); k;
       k = icalcomponent_get_next_component(c, ICAL_ANY_COMPONENT))
    found += report_errors(k);
  return found;
}

static long long seconds(icalcomponent *event, struct icaltimetype t) {
  (void)event;
  return (long long)icaltime_as_timet_with_zone(t, t.zone ? t.zone : icaltimezone_get_utc_timezone());
}

int main(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: ical-check FILE.ics\n"); return 2; }
  FILE *f = fopen(argv[1], "rb");
  if (!f) { perror(argv[1]); return 2; }
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  rewind(f);
  char *text = malloc((size_t)size + 1);
  if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) { fprintf(stderr, "cannot read %s\n", argv[1]); return 2; }
  text[size] = '\0';
  fclose(f);

  icalcomponent *cal = icalparser_parse_string(text);
  if (!cal || icalcomponent_isa(cal) != ICAL_VCALENDAR_COMPONENT) { fprintf(stderr, "not a VCALENDAR\n"); return 2; }
  if (!icalcomponent_get_first_property(cal, ICAL_METHOD_PROPERTY)) { fprintf(stderr, "VCALENDAR: no METHOD (not an iTIP message)\n"); return 1; }
  icalrestriction_check(cal);
  if (report_errors(cal) > 0) return 1;

  for (icalcomponent *e = icalcomponent_get_first_component(cal, ICAL_VEVENT_COMPONENT); e;
       e = icalcomponent_get_next_component(cal, ICAL_VEVENT_COMPONENT)) {
    icalproperty *status = icalcomponent_get_first_property(e, ICAL_STATUS_PROPERTY);
    printf("%s %d %s %lld %lld\n", icalcomponent_get_uid(e), icalcomponent_get_sequence(e),
           status ? icalproperty_status_to_string(icalproperty_get_status(status)) : "-",
           seconds(e, icalcomponent_get_dtstart(e)), seconds(e, icalcomponent_get_dtend(e)));
  }
  icalcomponent_free(cal);
  free(text);
  return 0;
}
