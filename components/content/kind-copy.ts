import type { ContentKind } from "@/lib/schemas/content";

// What each kind of item says, in Spanish, on its create and edit pages, in its save flow, on its
// item page and on its personal lists. Every string is written out whole (never built from a noun)
// so it can be found with grep from the spec and the e2e tests; the shared pages read it by kind.

/** What the person is told, in Spanish, for each way a save ends. */
export interface SaveMessages {
  created: string;
  updated: string;
  /** A create kept in the offline queue ("Sin conexión: …"). */
  queued?: string;
  /** A create kept in the queue while an image was picked: images are not queued. */
  queuedWithImage?: string;
  /** Saved, but the image upload failed; the reason follows after a colon. */
  imageFailed?: string;
}

/** The words of a kind that is created and edited with a form (content kinds and addresses). */
export interface FormCopy {
  create: {
    /** The create page's title, the create form's name and the link to it ("Crear comunidad"). */
    title: string;
    description?: string;
    /** What signing in is for: "crear comunidades". */
    signInTo: string;
    /** The create form's button (an edit always says «Guardar cambios»). */
    submit: string;
  };
  edit: {
    /** The edit page's title and the edit form's name. */
    title: string;
    signInTo: string;
    /** When the person may not edit this item. */
    forbidden?: { title: string; hint?: string };
  };
  /** While the item loads (edit and item pages). */
  loading: string;
  /** The item is not there (edit and item pages). */
  notFound: string;
  saved: SaveMessages;
}

/** A personal list page (mine, following): its title is also the list's name. */
export interface PersonalListCopy {
  title: string;
  signInTo: string;
  empty: string;
  emptyHint?: string;
}

/** Deleting one's own item from its page. */
export interface RemoveCopy {
  /** The button and the dialog's confirm button ("Eliminar evento"). */
  button: string;
  /** The dialog's title. */
  title: string;
  /** What the followers lose, by how many there are. */
  followers: (count: number) => string;
  /** The toast once it is gone. */
  done: string;
}

export interface KindCopy extends FormCopy {
  remove: RemoveCopy;
  /** The item page offline with nothing cached. */
  offline: string;
  mine: PersonalListCopy;
  following: PersonalListCopy;
  /** The creates still waiting for the connection, on the person's own list. */
  pendingCreates: string;
}

export const KIND_COPY: Record<ContentKind, KindCopy> = {
  events: {
    remove: {
      button: "Eliminar evento",
      title: "¿Eliminar este evento?",
      followers: (n) =>
        n === 0 ? "Nadie sigue este evento todavía." : n === 1 ? "La persona que lo sigue recibirá un aviso de que se eliminó." : `Las ${n} personas que lo siguen recibirán un aviso de que se eliminó.`,
      done: "Evento eliminado.",
    },
    create: { title: "Crear evento", description: "Comparte lo que organizas con la ciudad.", signInTo: "publicar eventos", submit: "Publicar evento" },
    edit: {
      title: "Editar evento",
      signInTo: "editar eventos",
      forbidden: { title: "No puedes editar este evento.", hint: "Solo quien lo organiza, su comunidad o el equipo de moderación pueden hacerlo." },
    },
    loading: "Cargando evento",
    notFound: "Este evento no existe o ya no está disponible.",
    offline: "Este evento se mostrará cuando vuelvas a tener conexión.",
    saved: {
      created: "Evento publicado.",
      updated: "Evento actualizado.",
      queued: "Sin conexión: tu evento se publicará cuando vuelvas a estar en línea.",
      queuedWithImage: "La imagen no se puede subir sin conexión; agrégala después editando el evento.",
      imageFailed: "El evento se guardó, pero la imagen no",
    },
    // Events say which period is empty ("No tienes eventos próximos."): see MyEvents.
    mine: { title: "Mis eventos", signInTo: "ver tus eventos", empty: "No tienes eventos próximos.", emptyHint: "Publica tu primer evento y aparecerá aquí." },
    following: {
      title: "Eventos que sigo",
      signInTo: "ver los eventos que sigues",
      empty: "Aún no sigues eventos.",
      emptyHint: "Toca «Seguir» en un evento para enterarte de sus cambios.",
    },
    pendingCreates: "Eventos por publicar",
  },
  places: {
    remove: {
      button: "Eliminar lugar",
      title: "¿Eliminar este lugar?",
      followers: (n) =>
        n === 0
          ? "Nadie sigue este lugar todavía. Sus eventos se quedan, sin lugar."
          : n === 1
            ? "La persona que lo sigue dejará de verlo en sus listas. Sus eventos se quedan, sin lugar."
            : `Las ${n} personas que lo siguen dejarán de verlo en sus listas. Sus eventos se quedan, sin lugar.`,
      done: "Lugar eliminado.",
    },
    create: {
      title: "Agregar lugar",
      description: "Foros, museos, parques, cafés: los espacios donde pasa la vida cultural.",
      signInTo: "agregar lugares",
      submit: "Publicar lugar",
    },
    edit: { title: "Editar lugar", signInTo: "editar lugares", forbidden: { title: "No puedes editar este lugar." } },
    loading: "Cargando lugar",
    notFound: "Este lugar no existe o ya no está disponible.",
    offline: "Este lugar se mostrará cuando vuelvas a tener conexión.",
    saved: {
      created: "Lugar publicado.",
      updated: "Lugar actualizado.",
      queued: "Sin conexión: el lugar se publicará cuando vuelvas a estar en línea.",
      imageFailed: "El lugar se guardó, pero la imagen no",
    },
    mine: { title: "Mis lugares", signInTo: "ver tus lugares", empty: "Aún no has agregado lugares.", emptyHint: "Agrega foros, museos, cafés o parques de tu ciudad." },
    following: {
      title: "Lugares que sigo",
      signInTo: "ver los lugares que sigues",
      empty: "Aún no sigues lugares.",
      emptyHint: "Sigue un lugar para ver sus eventos en «Eventos para ti».",
    },
    pendingCreates: "Lugares por publicar",
  },
  news: {
    remove: {
      button: "Eliminar noticia",
      title: "¿Eliminar esta noticia?",
      followers: (n) =>
        n === 0 ? "Nadie sigue esta noticia todavía." : n === 1 ? "La persona que la sigue dejará de verla." : `Las ${n} personas que la siguen dejarán de verla.`,
      done: "Noticia eliminada.",
    },
    create: { title: "Publicar noticia", signInTo: "publicar noticias", submit: "Publicar noticia" },
    edit: { title: "Editar noticia", signInTo: "editar noticias", forbidden: { title: "No puedes editar esta noticia." } },
    loading: "Cargando noticia",
    notFound: "Esta noticia no existe o ya no está disponible.",
    offline: "Esta noticia se mostrará cuando vuelvas a tener conexión.",
    saved: {
      created: "Noticia publicada.",
      updated: "Noticia actualizada.",
      queued: "Sin conexión: la noticia se publicará cuando vuelvas a estar en línea.",
      imageFailed: "La noticia se guardó, pero la imagen no",
    },
    mine: { title: "Mis noticias", signInTo: "ver tus noticias", empty: "Aún no has publicado noticias." },
    following: { title: "Noticias que sigo", signInTo: "ver las noticias que sigues", empty: "Aún no sigues noticias." },
    pendingCreates: "Noticias por publicar",
  },
  communities: {
    remove: {
      button: "Eliminar comunidad",
      title: "¿Eliminar esta comunidad?",
      followers: (n) =>
        `${n === 0 ? "Nadie sigue esta comunidad todavía." : n === 1 ? "La persona que la sigue dejará de verla." : `Las ${n} personas que la siguen dejarán de verla.`} Sus miembros salen de ella; sus eventos y noticias se quedan, sin comunidad.`,
      done: "Comunidad eliminada.",
    },
    create: { title: "Crear comunidad", description: "Colectivos, clubes y grupos que publican juntos.", signInTo: "crear comunidades", submit: "Crear comunidad" },
    edit: { title: "Editar comunidad", signInTo: "editar comunidades", forbidden: { title: "No puedes editar esta comunidad." } },
    loading: "Cargando comunidad",
    notFound: "Esta comunidad no existe o ya no está disponible.",
    offline: "Esta comunidad se mostrará cuando vuelvas a tener conexión.",
    saved: {
      created: "Comunidad creada.",
      updated: "Comunidad actualizada.",
      queued: "Sin conexión: la comunidad se creará cuando vuelvas a estar en línea.",
      imageFailed: "La comunidad se guardó, pero la imagen no",
    },
    mine: { title: "Mis comunidades", signInTo: "ver tus comunidades", empty: "Aún no eres parte de ninguna comunidad.", emptyHint: "Únete a una o crea la tuya." },
    following: { title: "Comunidades que sigo", signInTo: "ver las comunidades que sigues", empty: "Aún no sigues comunidades." },
    pendingCreates: "Comunidades por crear",
  },
};

/** Saved addresses use the same create and edit pages and save flow, without lists or an item page. */
export const ADDRESS_COPY: FormCopy = {
  create: { title: "Agregar dirección", signInTo: "guardar direcciones", submit: "Guardar dirección" },
  edit: { title: "Editar dirección", signInTo: "editar direcciones" },
  loading: "Cargando dirección",
  notFound: "Esta dirección no existe.",
  saved: { created: "Dirección guardada.", updated: "Dirección actualizada." },
};

/** Every kind with a create and edit form. */
export type FormKind = ContentKind | "addresses";

export function formCopy(kind: FormKind): FormCopy {
  return kind === "addresses" ? ADDRESS_COPY : KIND_COPY[kind];
}
