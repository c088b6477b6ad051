import ICAL from "ical.js";

// ical.js is an independent parser: the events as a calendar app would see them.
export function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      url: component.getFirstPropertyValue("url"),
      status: component.getFirstPropertyValue("status"),
    };
  });
}
