"use client";

import { placeQueries } from "@/lib/api/places";
import { CreatePage, EditPage } from "@/components/forms/content-editor";
import { PlaceForm } from "./place-form";

export const CreatePlace = () => <CreatePage kind="places"><PlaceForm /></CreatePage>;

export const EditPlace = () => <EditPage kind="places" query={placeQueries.detailQuery}>{(place) => <PlaceForm place={place} />}</EditPage>;
