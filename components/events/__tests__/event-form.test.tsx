import { afterEach, beforeEach, describe, expect, jest, test } from "@jest/globals";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { TextDecoder, TextEncoder } from "node:util";
import type { Event } from "@/lib/schemas/events";
import { descriptionOf, formClient, onePage, renderWith } from "@/components/forms/__tests__/harness";

// jsdom lacks these; ky (the API client behind lib/api) reads them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));
const notify = jest.fn();
jest.mock("@/lib/toast/notify", () => ({ notify: (...args: unknown[]) => notify(...args) }));
const updateEvent = jest.fn<(id: string, payload: unknown) => Promise<Event>>();
jest.mock("@/lib/api/events", () => ({
  ...jest.requireActual<object>("@/lib/api/events"),
  updateEvent: (id: string, payload: unknown) => updateEvent(id, payload),
}));

const created = { _id: "e1", title: "Concierto en la Alameda" } as unknown as Event;
let create: jest.Mock<(variables: unknown) => Promise<unknown>>;

beforeEach(() => {
  push.mockReset();
  notify.mockReset();
  updateEvent.mockReset();
  create = jest.fn(async () => created);
});
afterEach(() => cleanup());

async function renderEventForm(props: { event?: Event } = {}) {
  const { EventForm } = await import("../event-form");
  const client = formClient("events", create as never);
  client.setQueryData(["places", "options"], [{ _id: "p1", name: "Teatro García Carrillo" }]);
  client.setQueryData(["tags", "list"], [{ _id: "t1", slug: "musica", name: "Música" }]);
  client.setQueryData(["communities", "list", "mine"], onePage([]));
  renderWith(client, <EventForm {...props} />);
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe("event form", () => {
  test("an empty submit says in Spanish what is missing, on the fields, and sends nothing", async () => {
    await renderEventForm();
    fireEvent.click(screen.getByRole("button", { name: "Publicar evento" }));
    expect(await screen.findByText("Revisa los campos marcados.")).toBeTruthy();
    expect(descriptionOf(screen.getByLabelText("Título"))).toBe("El título debe tener al menos 3 caracteres.");
    const start = screen.getByLabelText("Fecha de inicio");
    expect(start.getAttribute("aria-invalid")).toBe("true");
    expect(descriptionOf(start)).toBe("Indica la fecha de inicio.");
    expect(create).not.toHaveBeenCalled();
  });

  test("a new event at a place, with a tag, goes out as the API payload in the city's time", async () => {
    await renderEventForm();
    type("Título", "Concierto en la Alameda");
    type("Fecha de inicio", "2030-05-01");
    type("Hora de inicio", "19:30");
    fireEvent.change(screen.getByRole("combobox", { name: "Lugar" }), { target: { value: "p1" } });
    fireEvent.click(screen.getByLabelText("Música"));
    fireEvent.click(screen.getByRole("button", { name: "Publicar evento" }));

    await waitFor(() => expect(push).toHaveBeenCalledWith("/events/e1/"));
    const { payload } = create.mock.calls[0]?.[0] as { payload: Record<string, unknown> };
    expect(payload).toMatchObject({
      title: "Concierto en la Alameda",
      // Saltillo is UTC−6 all year.
      startsAt: "2030-05-02T01:30:00.000Z",
      endsAt: null,
      allDay: false,
      timeZone: "America/Monterrey",
      placeId: "p1",
      address: null,
      onlineUrl: null,
      priceType: "free",
      priceAmount: null,
      tags: ["musica"],
      communityId: null,
    });
    expect(payload).not.toHaveProperty("recurrence");
    expect(notify).toHaveBeenCalledWith("success", "Evento publicado.");
  });

  test("a weekly series sends its rule", async () => {
    await renderEventForm();
    type("Título", "Taller de grabado");
    type("Fecha de inicio", "2030-05-01");
    fireEvent.change(screen.getByRole("combobox", { name: "Lugar" }), { target: { value: "p1" } });
    fireEvent.change(screen.getByLabelText("Repetición"), { target: { value: "weekly" } });
    type("Cada cuántas semanas", "2");
    type("Hasta (opcional)", "2030-06-30");
    fireEvent.click(screen.getByRole("button", { name: "Publicar evento" }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    const { payload } = create.mock.calls[0]?.[0] as { payload: Record<string, unknown> };
    expect(payload.recurrence).toEqual({ rule: "weekly", interval: 2, until: "2030-06-30" });
  });

  test("an edit of a series sends the status and the scope, never a repetition", async () => {
    const event = {
      _id: "e9",
      title: "Taller de grabado",
      description: "",
      startsAt: "2030-05-02T01:00:00.000Z",
      endsAt: null,
      allDay: false,
      place: { _id: "p1", name: "Teatro García Carrillo" },
      address: null,
      onlineUrl: null,
      priceType: "free",
      priceAmount: null,
      priceNote: "",
      capacity: null,
      tags: [],
      accessibility: "",
      community: null,
      status: "published",
      statusNote: "",
      series: { _id: "s1" },
      coverImage: null,
      canEdit: true,
    } as unknown as Event;
    updateEvent.mockResolvedValue(event);
    await renderEventForm({ event });
    fireEvent.change(screen.getByLabelText("Aplicar cambios a"), { target: { value: "following" } });
    fireEvent.change(screen.getByLabelText("Estado"), { target: { value: "cancelled" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/events/e9/"));
    const [id, body] = updateEvent.mock.calls[0] as [string, Record<string, unknown>];
    expect(id).toBe("e9");
    expect(body).toMatchObject({ title: "Taller de grabado", startsAt: "2030-05-02T01:00:00.000Z", placeId: "p1", status: "cancelled", scope: "following" });
    expect(body).not.toHaveProperty("recurrence");
    expect(create).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith("success", "Evento actualizado.");
  });

  test("an edit whose end comes before its start is stopped on the end field", async () => {
    await renderEventForm({
      event: { _id: "e9", title: "Taller", description: "", startsAt: "2030-05-02T01:00:00.000Z", endsAt: null, allDay: false, place: { _id: "p1", name: "Teatro" }, tags: [], priceType: "free", status: "published", canEdit: true } as unknown as Event,
    });
    type("Fecha de fin", "2030-04-01");
    type("Hora de fin", "10:00");
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect(await screen.findByText("Revisa los campos marcados.")).toBeTruthy();
    expect(screen.getByLabelText("Fecha de fin").getAttribute("aria-invalid")).toBe("true");
    expect(updateEvent).not.toHaveBeenCalled();
  });
});
