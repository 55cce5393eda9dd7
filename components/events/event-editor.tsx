"use client";

import { eventQueries } from "@/lib/api/events";
import { CreatePage, EditPage } from "@/components/forms/content-editor";
import { EventForm } from "./event-form";

export const CreateEvent = () => <CreatePage kind="events"><EventForm /></CreatePage>;

export const EditEvent = () => <EditPage kind="events" query={eventQueries.detailQuery}>{(event) => <EventForm event={event} />}</EditPage>;
