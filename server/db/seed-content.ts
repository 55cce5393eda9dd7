import { randomUUID } from "node:crypto";
import { SERIES_MAX_OCCURRENCES, type RecurrenceRule } from "../../lib/schemas/events";
import type { AccessibilityFeature } from "../../lib/schemas/accessibility";
import type { PlaceCategory } from "../../lib/schemas/places";
import { addDays, wallTimeOf, wallTimeToDate, weekdayOf } from "../routes/content/time";
import { createEventsRepository, type EventWrite } from "../routes/events/repository";
import { generateOccurrences } from "../routes/events/series";
import { slugify } from "../routes/content/sql";
import type { ImageStore } from "../storage/store";
import type { Database, Queryable } from "./client";
import { DEMO_THEMES, type DemoTheme } from "./demo-art";
import { attachDemoPictures, type DemoPicture, type DemoPictureTarget } from "./demo-pictures";

// A believable month of cultural life in Saltillo, relative to the day the database is first
// filled: real venues with real-looking addresses and coordinates, fictional organisers and
// texts, events from today through the next five weeks (this weekend included), free and paid
// in MXN, a weekly series, news and communities with members. Runs only while every content
// table is empty, after the demo accounts exist (server/db/seed.ts).

const TZ = "America/Monterrey";
const ORGANIZER = "demo-organizador";
const TEAM = "demo-maestro";
const ADMIN = "demo-admin";
const NEIGHBOUR = "demo-vecina";

interface PlaceSeed {
  id: string;
  name: string;
  category: PlaceCategory;
  street: string;
  number: string;
  neighbourhood: string;
  postalCode: string;
  lat: number;
  lng: number;
  description: string;
  hours: [number[], string, string][];
  contact: Record<string, string>;
  accessibility: string;
  features: AccessibilityFeature[];
  featured?: boolean;
}

const PLACES: PlaceSeed[] = [
  {
    id: "teatro-fernando-soler",
    name: "Teatro Fernando Soler",
    category: "teatro",
    street: "Calle Juan Aldama",
    number: "400",
    neighbourhood: "Zona Centro",
    postalCode: "25000",
    lat: 25.42417,
    lng: -101.00028,
    description: "Teatro de la ciudad con más de 700 butacas; temporada de teatro, danza y conciertos de la Orquesta Filarmónica del Desierto.",
    hours: [[[2, 3, 4, 5, 6], "10:00", "20:00"]],
    contact: { phone: "844 414 0000", website: "https://cultura.example.mx/teatro-fernando-soler" },
    accessibility: "Rampa de acceso y espacios para silla de ruedas en la planta baja.",
    features: ["step-free-entrance", "accessible-toilet", "seating", "assistance-animals", "accessible-parking"],
    featured: true,
  },
  {
    id: "museo-del-desierto",
    name: "Museo del Desierto",
    category: "museo",
    street: "Blvd. Carlos Abedrop Dávila",
    number: "3745",
    neighbourhood: "Nueva Aurora",
    postalCode: "25087",
    lat: 25.41412,
    lng: -100.96523,
    description: "Paleontología, geología y vida del desierto chihuahuense: dinosaurios de Coahuila, jardín de cactáceas y vivario.",
    hours: [[[2, 3, 4, 5, 6, 0], "10:00", "17:00"]],
    contact: { phone: "844 986 9000", website: "https://museo-desierto.example.mx", instagram: "https://instagram.com/museodeldesierto" },
    accessibility: "Recorrido accesible con elevadores; préstamo de sillas de ruedas en taquilla.",
    features: ["step-free-entrance", "accessible-toilet", "seating", "quiet-space", "assistance-animals", "accessible-parking"],
    featured: true,
  },
  {
    id: "centro-cultural-vito-alessio-robles",
    name: "Centro Cultural Vito Alessio Robles",
    category: "centro-cultural",
    street: "Calle Miguel Hidalgo",
    number: "305",
    neighbourhood: "Zona Centro",
    postalCode: "25000",
    lat: 25.42371,
    lng: -101.00342,
    description: "Casona del siglo XIX con salas de exposición, biblioteca histórica y patio para presentaciones y talleres.",
    hours: [[[2, 3, 4, 5, 6], "09:00", "19:00"], [[0], "10:00", "14:00"]],
    contact: { phone: "844 412 8000", facebook: "https://facebook.com/ccvar" },
    accessibility: "Planta baja accesible; la sala alta solo por escaleras.",
    features: ["step-free-entrance", "seating"],
  },
  {
    id: "plaza-de-armas",
    name: "Plaza de Armas",
    category: "plaza",
    street: "Calle Miguel Hidalgo",
    number: "s/n",
    neighbourhood: "Zona Centro",
    postalCode: "25000",
    lat: 25.42293,
    lng: -101.00268,
    description: "El corazón del Centro Histórico, frente a la Catedral de Santiago y el Palacio de Gobierno. Conciertos y ferias al aire libre.",
    hours: [],
    contact: {},
    accessibility: "Explanada plana con rampas en las esquinas.",
    features: ["step-free-entrance", "seating", "assistance-animals"],
    featured: true,
  },
  {
    id: "museo-de-las-aves-de-mexico",
    name: "Museo de las Aves de México",
    category: "museo",
    street: "Calle Miguel Hidalgo",
    number: "151",
    neighbourhood: "Zona Centro",
    postalCode: "25000",
    lat: 25.41951,
    lng: -101.00114,
    description: "Más de 2,000 aves de México en dioramas de sus ecosistemas, en un antiguo colegio jesuita.",
    hours: [[[2, 3, 4, 5, 6, 0], "10:00", "18:00"]],
    contact: { phone: "844 414 0167", website: "https://museodelasaves.example.mx" },
    accessibility: "Elevador a la planta alta; cédulas en braille en la sala principal.",
    features: ["step-free-entrance", "accessible-toilet", "assistance-animals"],
  },
  {
    id: "casa-purcell",
    name: "Casa Purcell",
    category: "galeria",
    street: "Calle Miguel Hidalgo",
    number: "231 Nte.",
    neighbourhood: "Zona Centro",
    postalCode: "25000",
    lat: 25.42462,
    lng: -101.00371,
    description: "Casa de estilo victoriano convertida en galería y centro de artes visuales, con talleres de grabado y fotografía.",
    hours: [[[2, 3, 4, 5, 6], "10:00", "19:00"]],
    contact: { instagram: "https://instagram.com/casapurcell" },
    accessibility: "Acceso con escalón; el personal coloca una rampa móvil a solicitud.",
    features: [],
  },
  {
    id: "recinto-del-patrimonio-cultural",
    name: "Recinto del Patrimonio Cultural",
    category: "museo",
    street: "Calle Benito Juárez",
    number: "174 Ote.",
    neighbourhood: "Zona Centro",
    postalCode: "25000",
    lat: 25.42247,
    lng: -101.00031,
    description: "Sede de exposiciones sobre la historia, los oficios y las tradiciones de Coahuila.",
    hours: [[[2, 3, 4, 5, 6, 0], "10:00", "18:00"]],
    contact: { phone: "844 410 2000" },
    accessibility: "Totalmente accesible en planta baja.",
    features: ["step-free-entrance", "accessible-toilet", "seating", "assistance-animals"],
  },
  {
    id: "parque-las-maravillas",
    name: "Parque Las Maravillas",
    category: "parque",
    street: "Blvd. Carlos Abedrop Dávila",
    number: "s/n",
    neighbourhood: "Nueva Aurora",
    postalCode: "25087",
    lat: 25.41585,
    lng: -100.96802,
    description: "Parque con pista para correr, lago, áreas verdes y foro al aire libre junto al Museo del Desierto.",
    hours: [[[0, 1, 2, 3, 4, 5, 6], "06:00", "22:00"]],
    contact: {},
    accessibility: "Senderos pavimentados y baños accesibles.",
    features: ["step-free-entrance", "accessible-toilet", "seating", "assistance-animals", "accessible-parking"],
  },
  {
    id: "biblioteca-publica-central",
    name: "Biblioteca Pública Central",
    category: "biblioteca",
    street: "Calle Ignacio Allende",
    number: "625 Nte.",
    neighbourhood: "Zona Centro",
    postalCode: "25000",
    lat: 25.42711,
    lng: -101.00186,
    description: "Biblioteca con sala infantil, hemeroteca y auditorio para presentaciones de libros y clubes de lectura.",
    hours: [[[1, 2, 3, 4, 5], "08:00", "20:00"], [[6], "09:00", "14:00"]],
    contact: { phone: "844 412 0000", email: "biblioteca@saltillo.example.mx" },
    accessibility: "Rampa, elevador y colección en macrotipo.",
    features: ["step-free-entrance", "accessible-toilet", "seating", "quiet-space", "assistance-animals"],
  },
  {
    id: "alameda-zaragoza",
    name: "Alameda Zaragoza",
    category: "parque",
    street: "Calle Ignacio Zaragoza",
    number: "s/n",
    neighbourhood: "Zona Centro",
    postalCode: "25000",
    lat: 25.42665,
    lng: -101.00823,
    description: "La alameda de la ciudad: lago, ardillas, juegos infantiles y la Plaza de las Tres Culturas.",
    hours: [[[0, 1, 2, 3, 4, 5, 6], "06:00", "22:00"]],
    contact: {},
    accessibility: "Andadores amplios y planos.",
    features: ["step-free-entrance", "seating", "assistance-animals"],
  },
  {
    id: "museo-ruben-herrera",
    name: "Museo Rubén Herrera",
    category: "museo",
    street: "Calle Nicolás Bravo",
    number: "373 Sur",
    neighbourhood: "Zona Centro",
    postalCode: "25000",
    lat: 25.42043,
    lng: -101.00405,
    description: "Casa museo del pintor Rubén Herrera, con su obra y exposiciones temporales de artistas del noreste.",
    hours: [[[2, 3, 4, 5, 6], "10:00", "18:00"]],
    contact: { phone: "844 414 1000" },
    accessibility: "Planta baja accesible.",
    features: ["step-free-entrance"],
  },
];

const TAGS: [string, string][] = [
  ["musica", "Música"],
  ["teatro", "Teatro"],
  ["cine", "Cine"],
  ["danza", "Danza"],
  ["exposicion", "Exposición"],
  ["taller", "Taller"],
  ["infantil", "Infantil"],
  ["literatura", "Literatura"],
  ["gastronomia", "Gastronomía"],
  ["deporte", "Deporte"],
  ["fotografia", "Fotografía"],
  ["tradiciones", "Tradiciones"],
];

interface CommunitySeed {
  id: string;
  name: string;
  description: string;
  members: [string, "owner" | "admin" | "member"][];
  picture: DemoTheme;
  featured?: boolean;
}

const COMMUNITIES: CommunitySeed[] = [
  {
    id: "cineclub-del-ateneo",
    picture: "cine",
    name: "Cineclub del Ateneo",
    description: "Cine de autor y clásicos mexicanos con charla al final. Funciones los jueves en el Centro Histórico.",
    members: [[ORGANIZER, "owner"], [NEIGHBOUR, "member"], [ADMIN, "member"]],
    featured: true,
  },
  {
    id: "lectores-de-saltillo",
    picture: "literatura",
    name: "Lectores de Saltillo",
    description: "Club de lectura abierto: una novela al mes, reuniones semanales en la Biblioteca Pública Central.",
    members: [[TEAM, "owner"], [ORGANIZER, "admin"], [NEIGHBOUR, "member"]],
    featured: true,
  },
  {
    id: "corredores-las-maravillas",
    picture: "deporte",
    name: "Corredores de Las Maravillas",
    description: "Salimos a correr sábados y domingos temprano; todos los ritmos son bienvenidos.",
    members: [[NEIGHBOUR, "owner"], [ORGANIZER, "member"]],
  },
  {
    id: "fotografia-urbana-saltillo",
    picture: "fotografia",
    name: "Fotografía Urbana Saltillo",
    description: "Caminatas fotográficas por el centro, revisión de portafolios y exposiciones colectivas.",
    members: [[ORGANIZER, "owner"], [ADMIN, "admin"]],
  },
  {
    id: "fandango-norteno",
    picture: "danza",
    name: "Fandango Norteño",
    description: "Son, huapango y danza tradicional del noreste: talleres, fandangos y presentaciones.",
    members: [[TEAM, "owner"], [ORGANIZER, "member"], [NEIGHBOUR, "member"]],
    featured: true,
  },
];

interface EventSeed {
  title: string;
  description: string;
  /** Days from today (local); "weekend:N" is the Nth day (0 = Friday) of this weekend. */
  day: number | `weekend:${0 | 1 | 2}`;
  time: string;
  minutes: number;
  place?: string;
  address?: string;
  lat?: number;
  lng?: number;
  onlineUrl?: string;
  price?: number;
  priceNote?: string;
  capacity?: number;
  accessibility?: string;
  features?: AccessibilityFeature[];
  tags: string[];
  organizer: string;
  community?: string;
  featured?: boolean;
  status?: "cancelled" | "postponed";
  statusNote?: string;
  series?: { rule: RecurrenceRule; interval?: number; weeks: number };
}

const EVENTS: EventSeed[] = [
  { title: "Concierto de la Orquesta Filarmónica del Desierto: Márquez y Moncayo", description: "Danzón No. 2, Huapango y obras de compositoras mexicanas contemporáneas. Dirige la maestra invitada Lucía Garza.", day: 0, time: "20:30", minutes: 120, place: "teatro-fernando-soler", price: 250, priceNote: "Estudiantes y personas mayores: $150", capacity: 700, accessibility: "Diez lugares para silla de ruedas con acompañante en la fila K; resérvalos en taquilla.", features: ["step-free-entrance", "accessible-toilet", "seating", "accessible-parking"], tags: ["musica"], organizer: TEAM, featured: true },
  { title: "Exposición «Dinosaurios del norte»", description: "Fósiles hallados en el sur de Coahuila, reconstrucciones a escala y un laboratorio abierto de paleontología.", day: -12, time: "10:00", minutes: 60 * 24 * 40, place: "museo-del-desierto", price: 120, priceNote: "Niñas y niños: $80", tags: ["exposicion", "infantil"], organizer: TEAM },
  { title: "Tardeada de danzón en la Plaza de Armas", description: "Orquesta en vivo y clase abierta para quien nunca ha bailado. Trae a tu pareja o encuéntrala ahí.", day: "weekend:1", time: "18:00", minutes: 150, place: "plaza-de-armas", tags: ["musica", "danza"], organizer: ORGANIZER, community: "fandango-norteno", featured: true },
  { title: "Cine bajo las estrellas: «Los olvidados»", description: "Función al aire libre del clásico de Buñuel, restaurado. Lleva cobija; habrá esquites.", day: "weekend:0", time: "20:00", minutes: 110, place: "alameda-zaragoza", tags: ["cine"], organizer: ORGANIZER, community: "cineclub-del-ateneo" },
  { title: "Taller de grabado en linóleo", description: "Diseña, talla e imprime tu primer grabado. Incluye materiales. Cupo limitado.", day: 3, time: "17:00", minutes: 180, place: "casa-purcell", price: 350, capacity: 15, tags: ["taller"], organizer: ORGANIZER, community: "fotografia-urbana-saltillo" },
  { title: "Cuentacuentos: leyendas del desierto", description: "Narración oral para niñas y niños de 4 a 10 años, con títeres de la compañía Los Mezquites.", day: "weekend:2", time: "11:00", minutes: 60, place: "biblioteca-publica-central", tags: ["infantil", "literatura"], organizer: TEAM, accessibility: "Intérprete de lengua de señas mexicana junto al escenario; cojines y sillas bajas al frente.", features: ["step-free-entrance", "seating", "sign-language"] },
  { title: "Carrera nocturna 5K Las Maravillas", description: "Recorrido iluminado alrededor del lago. Medalla para quienes terminen. Inscripción en línea.", day: 9, time: "20:00", minutes: 90, place: "parque-las-maravillas", price: 280, priceNote: "Incluye playera y medalla", capacity: 600, tags: ["deporte"], organizer: NEIGHBOUR, community: "corredores-las-maravillas" },
  { title: "Muestra gastronómica: pan de pulque y cabrito", description: "Panaderías y cocineras tradicionales de Saltillo y Arteaga. Degustaciones y venta.", day: "weekend:1", time: "12:00", minutes: 360, place: "plaza-de-armas", tags: ["gastronomia", "tradiciones"], organizer: TEAM },
  { title: "Obra de teatro: «El sarape de la abuela»", description: "Comedia familiar sobre tres generaciones de tejedoras saltillenses. Compañía Teatro del Ateneo.", day: 5, time: "19:00", minutes: 90, place: "teatro-fernando-soler", price: 180, tags: ["teatro"], organizer: ORGANIZER },
  { title: "Presentación del libro «Calles que fueron acequias»", description: "La cronista Rosa Elia Dávila conversa sobre la historia del agua en el Centro Histórico.", day: 4, time: "18:30", minutes: 75, place: "centro-cultural-vito-alessio-robles", tags: ["literatura"], organizer: TEAM, community: "lectores-de-saltillo" },
  { title: "Visita guiada: aves migratorias de Coahuila", description: "Recorrido especial con ornitólogos voluntarios; al final, observación en el patio.", day: 6, time: "11:00", minutes: 90, place: "museo-de-las-aves-de-mexico", price: 60, tags: ["exposicion"], organizer: TEAM },
  { title: "Caminata fotográfica por el Centro Histórico", description: "De la Catedral al Ojo de Agua, con ejercicios de luz y composición. Trae cámara o celular.", day: 8, time: "08:00", minutes: 150, address: "Salida frente a la Catedral de Santiago, Calle Hidalgo, Zona Centro", lat: 25.42311, lng: -101.00221, tags: ["fotografia", "taller"], organizer: ORGANIZER, community: "fotografia-urbana-saltillo" },
  { title: "Fandango de son huasteco", description: "Tarima abierta: músicos, bailadoras y versadores. Si tocas jarana o violín, súmate.", day: 10, time: "19:00", minutes: 180, place: "centro-cultural-vito-alessio-robles", tags: ["musica", "danza", "tradiciones"], organizer: ORGANIZER, community: "fandango-norteno" },
  { title: "Exposición «Sarapes: 400 años de color»", description: "Piezas históricas y contemporáneas del textil que dio fama a Saltillo, con demostraciones de telar de pedal los sábados.", day: -5, time: "10:00", minutes: 60 * 24 * 30, place: "recinto-del-patrimonio-cultural", tags: ["exposicion", "tradiciones"], organizer: TEAM, featured: true },
  { title: "Ciclo de cine mexicano: «Nosotros los pobres»", description: "Proyección en 35 mm con presentación de la investigadora Ana Lucía Ramos.", day: 12, time: "19:30", minutes: 130, place: "centro-cultural-vito-alessio-robles", price: 40, tags: ["cine"], organizer: ORGANIZER, community: "cineclub-del-ateneo" },
  { title: "Recital de guitarra clásica", description: "Obras de Ponce, Barrios y Brouwer por el guitarrista saltillense Emiliano Ríos.", day: 14, time: "20:00", minutes: 80, place: "museo-ruben-herrera", price: 100, capacity: 90, tags: ["musica"], organizer: ORGANIZER },
  { title: "Taller infantil de alebrijes", description: "Modelado y pintura de alebrijes con papel reciclado, para niñas y niños de 6 a 12 años.", day: 13, time: "10:30", minutes: 120, place: "casa-purcell", price: 80, capacity: 20, tags: ["taller", "infantil"], organizer: NEIGHBOUR },
  { title: "Ballet folklórico: estampas de Coahuila", description: "La Compañía de Danza de la Universidad presenta cuadros de La Laguna, el desierto y la sierra.", day: 16, time: "19:00", minutes: 100, place: "teatro-fernando-soler", price: 200, tags: ["danza", "tradiciones"], organizer: TEAM, featured: true },
  { title: "Noche de museos: el desierto de noche", description: "Recorridos con linterna, observación de estrellas con telescopios y música en vivo en el jardín.", day: 17, time: "19:00", minutes: 240, place: "museo-del-desierto", price: 90, accessibility: "Sala de descanso con luz tenue junto al vestíbulo; el recorrido con linterna es por andadores planos.", features: ["step-free-entrance", "accessible-toilet", "quiet-space", "assistance-animals"], tags: ["exposicion", "musica"], organizer: TEAM },
  { title: "Slam de poesía", description: "Micrófono abierto; tres minutos por participante. Inscripciones en la entrada desde las 18:30.", day: 18, time: "19:00", minutes: 120, place: "centro-cultural-vito-alessio-robles", tags: ["literatura"], organizer: ORGANIZER, community: "lectores-de-saltillo" },
  { title: "Entrenamiento abierto de medio maratón", description: "Fondo de 15 km a ritmo conversacional, con hidratación a cargo del club.", day: 20, time: "06:30", minutes: 120, place: "parque-las-maravillas", tags: ["deporte"], organizer: NEIGHBOUR, community: "corredores-las-maravillas" },
  { title: "Concierto de rock en español: Los Tejedores", description: "La banda saltillense presenta su tercer disco. Abre el grupo Cañada Ancha.", day: 19, time: "21:00", minutes: 150, place: "plaza-de-armas", tags: ["musica"], organizer: ORGANIZER },
  { title: "Charla en línea: cómo fotografiar aves con el celular", description: "Consejos prácticos y sesión de preguntas. Enlace de transmisión abierto.", day: 11, time: "19:00", minutes: 60, onlineUrl: "https://meet.example.mx/aves-celular", accessibility: "Transmisión con subtítulos automáticos en español.", features: ["captions-audio-description"], tags: ["fotografia"], organizer: ORGANIZER, community: "fotografia-urbana-saltillo" },
  { title: "Feria del libro usado", description: "Librerías de viejo y particulares; intercambio de libros infantiles.", day: 23, time: "10:00", minutes: 480, place: "alameda-zaragoza", tags: ["literatura", "infantil"], organizer: TEAM, community: "lectores-de-saltillo" },
  { title: "Clase abierta de huapango", description: "Aprende el zapateado básico del huapango norteño. No se necesita experiencia.", day: 22, time: "18:00", minutes: 90, place: "recinto-del-patrimonio-cultural", price: 50, tags: ["danza", "taller"], organizer: ORGANIZER, community: "fandango-norteno" },
  { title: "Teatro para bebés: «Burbujas»", description: "Experiencia sensorial para bebés de 0 a 3 años y sus acompañantes.", day: 24, time: "11:00", minutes: 45, place: "biblioteca-publica-central", price: 60, capacity: 25, accessibility: "Función relajada: luz y sonido suaves, se puede entrar y salir en cualquier momento.", features: ["step-free-entrance", "seating", "quiet-space"], tags: ["teatro", "infantil"], organizer: TEAM },
  { title: "Cata de vinos de Parras", description: "Cinco etiquetas del valle de Parras con maridaje de quesos de la región. Mayores de 18 años.", day: 25, time: "19:30", minutes: 120, place: "casa-purcell", price: 450, capacity: 30, tags: ["gastronomia"], organizer: ORGANIZER },
  { title: "Cine documental: «Agua para Saltillo»", description: "Estreno local y conversatorio con el equipo del documental.", day: 26, time: "19:00", minutes: 100, place: "museo-ruben-herrera", accessibility: "Proyección con subtítulos en español y audiodescripción por audífonos (pídelos en la entrada).", features: ["step-free-entrance", "seating", "captions-audio-description"], tags: ["cine"], organizer: ORGANIZER, community: "cineclub-del-ateneo" },
  { title: "Concierto de jazz en el patio", description: "Trío de jazz latino con repertorio de Chucho Valdés y Tania Libertad.", day: 29, time: "20:00", minutes: 110, place: "centro-cultural-vito-alessio-robles", price: 150, tags: ["musica"], organizer: ORGANIZER },
  { title: "Festival de danza contemporánea", description: "Tres compañías del noreste en una noche; piezas breves y conversación con el público.", day: 31, time: "19:00", minutes: 120, place: "teatro-fernando-soler", price: 220, tags: ["danza"], organizer: TEAM },
  { title: "Rodada ciclista nocturna", description: "Paseo en bicicleta por el centro, 12 km a ritmo tranquilo. Casco y luces obligatorios.", day: 15, time: "20:30", minutes: 90, address: "Salida de la Alameda Zaragoza, Calle Ignacio Zaragoza", lat: 25.42665, lng: -101.00823, tags: ["deporte"], organizer: NEIGHBOUR, status: "postponed", statusNote: "Se pospone por las obras en la Calle Victoria; pronto daremos nueva fecha." },
  { title: "Mercado de artesanías del sarape", description: "Tejedores de Saltillo y alrededores venden directo: sarapes, rebozos y textiles de lana.", day: 27, time: "10:00", minutes: 420, place: "plaza-de-armas", tags: ["tradiciones"], organizer: TEAM, status: "cancelled", statusNote: "Cancelado por el pronóstico de tormenta; se reprogramará." },
  // Weekly series
  { title: "Club de lectura: «Pedro Páramo»", description: "Leemos juntos la novela de Rulfo; cada semana, tres capítulos. Préstamo de ejemplares en la biblioteca.", day: 1, time: "18:00", minutes: 90, place: "biblioteca-publica-central", tags: ["literatura"], organizer: TEAM, community: "lectores-de-saltillo", series: { rule: "weekly", weeks: 6 } },
  { title: "Yoga al amanecer en el parque", description: "Práctica suave para todos los niveles. Trae tapete y agua.", day: 2, time: "07:00", minutes: 60, place: "parque-las-maravillas", tags: ["deporte"], organizer: NEIGHBOUR, community: "corredores-las-maravillas", series: { rule: "weekly", weeks: 5 } },
];

const NEWS: { picture: DemoTheme; title: string; summary: string; body: string; author: string; community?: string; daysAgo: number; featured?: boolean }[] = [
  { picture: "teatro", title: "El Teatro Fernando Soler estrena temporada con la Filarmónica del Desierto", summary: "Cinco conciertos de música mexicana hasta fin de mes.", body: "La temporada abre esta semana con obras de Arturo Márquez y José Pablo Moncayo. Los boletos están a la venta en taquilla y en línea; estudiantes y personas mayores pagan $150.\n\nLa orquesta anunció además ensayos abiertos los miércoles.", author: TEAM, daysAgo: 1, featured: true },
  { picture: "deporte", title: "Abren inscripciones para la Carrera nocturna 5K", summary: "El recorrido rodea el lago del Parque Las Maravillas.", body: "Corredores de Las Maravillas organiza su carrera nocturna anual. La inscripción incluye playera, medalla y abastecimiento. Habrá categoría recreativa para familias.", author: NEIGHBOUR, community: "corredores-las-maravillas", daysAgo: 2 },
  { picture: "tradiciones", title: "«Sarapes: 400 años de color» llega al Recinto del Patrimonio Cultural", summary: "Más de 80 piezas, algunas del siglo XVIII.", body: "La exposición reúne sarapes de colecciones familiares y museos del país. Los sábados hay demostraciones de telar de pedal a cargo de maestros tejedores.", author: TEAM, daysAgo: 4, featured: true },
  { picture: "literatura", title: "Lectores de Saltillo elige «Pedro Páramo» como lectura del mes", summary: "Reuniones semanales en la Biblioteca Pública Central.", body: "El club de lectura se reunirá cada semana durante mes y medio. La biblioteca presta ejemplares y habrá una sesión final con una especialista en Rulfo.", author: TEAM, community: "lectores-de-saltillo", daysAgo: 3 },
  { picture: "cine", title: "Cineclub del Ateneo anuncia ciclo de cine mexicano", summary: "Clásicos en 35 mm y un estreno documental.", body: "El ciclo incluye «Los olvidados», «Nosotros los pobres» y el estreno local de «Agua para Saltillo». Las funciones al aire libre son gratuitas.", author: ORGANIZER, community: "cineclub-del-ateneo", daysAgo: 5 },
  { picture: "exposicion", title: "El Museo del Desierto amplía su horario los viernes", summary: "Abrirá hasta las 21:00 durante el verano.", body: "El museo suma recorridos nocturnos y observación de estrellas. La entrada general se mantiene.", author: ADMIN, daysAgo: 6 },
  { picture: "fotografia", title: "Convocatoria: exposición colectiva de fotografía urbana", summary: "Envía hasta tres imágenes del centro de Saltillo.", body: "Fotografía Urbana Saltillo recibe propuestas para su muestra en Casa Purcell. Se aceptan fotos tomadas con cualquier cámara, incluidos celulares.", author: ORGANIZER, community: "fotografia-urbana-saltillo", daysAgo: 8 },
  { picture: "musica", title: "Fandango Norteño abre taller gratuito de jarana", summary: "Diez sesiones para principiantes; hay instrumentos en préstamo.", body: "El taller será en el Centro Cultural Vito Alessio Robles. Cupo limitado a 20 personas; se da preferencia a jóvenes de 15 a 25 años.", author: TEAM, community: "fandango-norteno", daysAgo: 9 },
  { picture: "infantil", title: "Cerrará por mantenimiento la sala infantil de la biblioteca", summary: "Dos semanas de obras para renovar el mobiliario.", body: "Las actividades infantiles se trasladarán temporalmente al auditorio. El préstamo de libros sigue normal.", author: ADMIN, daysAgo: 11 },
  { picture: "ciudad", title: "Guía: cinco planes gratis para este fin de semana en Saltillo", summary: "Cine al aire libre, danzón y cuentacuentos.", body: "Reunimos las actividades sin costo de la agenda: la tardeada de danzón en la Plaza de Armas, cine en la Alameda y cuentacuentos en la biblioteca, entre otras.", author: TEAM, daysAgo: 0, featured: true },
];

const PLACE_PICTURES: Partial<Record<PlaceCategory, DemoTheme>> = {
  teatro: "teatro",
  museo: "exposicion",
  "centro-cultural": "tradiciones",
  galeria: "taller",
  parque: "parque",
  biblioteca: "literatura",
};

const eventPicture = (e: EventSeed): DemoTheme => DEMO_THEMES.find((theme) => theme === e.tags[0]) ?? "ciudad";

/** Every demo item's picture: what `npm run demo:images` draws and the seed attaches. */
export function demoPictures(): DemoPicture[] {
  const events = new Map(EVENTS.map((e) => [slugify(e.title), eventPicture(e)]));
  return [
    ...PLACES.map((p): DemoPicture => ({ kind: "places", key: p.id, theme: PLACE_PICTURES[p.category] ?? "ciudad" })),
    ...COMMUNITIES.map((c): DemoPicture => ({ kind: "communities", key: c.id, theme: c.picture })),
    ...[...events].map(([key, theme]): DemoPicture => ({ kind: "events", key, theme })),
    ...NEWS.map((n): DemoPicture => ({ kind: "news", key: slugify(n.title), theme: n.picture })),
  ];
}

function localAt(days: number, time: string, now: Date): Date {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const date = addDays(wallTimeOf(now, TZ), days);
  return wallTimeToDate({ ...date, hour, minute, second: 0 }, TZ);
}

function weekendDay(offset: number, now: Date): number {
  const weekday = weekdayOf(wallTimeOf(now, TZ));
  const toFriday = weekday === 0 ? -2 : 5 - weekday;
  // Once a weekend day is over, show the one coming next week instead of an event in the past.
  const days = toFriday + offset;
  return days < 0 ? days + 7 : days;
}

async function isEmpty(db: Queryable): Promise<boolean> {
  const rows = await db.query<{ n: number }>(
    "SELECT ((SELECT count(*) FROM events) + (SELECT count(*) FROM places) + (SELECT count(*) FROM news) + (SELECT count(*) FROM communities))::int AS n",
  );
  return rows[0]?.n === 0;
}

export interface ContentSeedReport {
  seeded: boolean;
  events: number;
  /** Rows that got their picture (none without an image store). */
  pictures: number;
}

export interface ContentSeedOptions {
  now?: Date;
  /** Where the demo pictures are copied; without it the content has none. */
  images?: ImageStore;
}

/** Fills empty content tables with the demo month; returns whether it did. */
export async function seedContent(database: Database, { now = new Date(), images }: ContentSeedOptions = {}): Promise<ContentSeedReport> {
  const present = await database.query<{ id: string }>("SELECT id FROM users WHERE id = ANY($1::text[])", [[ORGANIZER, TEAM, ADMIN, NEIGHBOUR]]);
  if (present.length < 4 || !(await isEmpty(database))) return { seeded: false, events: 0, pictures: 0 };

  const targets: DemoPictureTarget[] = [];
  const seeded = await database.transaction(async (tx) => {
    if (!(await isEmpty(tx))) return null;
    for (const p of PLACES) {
      await tx.query(
        `INSERT INTO places (id, name, slug, description, category, street, number, neighbourhood, city, state, postal_code, lat, lng,
           opening_hours, contact, accessibility, accessibility_features, author_id, featured)
         VALUES ($1, $2, $1, $3, $4, $5, $6, $7, 'Saltillo', 'Coahuila', $8, $9, $10, $11::jsonb, $12::jsonb, $13, $14::text[], $15, $16)`,
        [
          p.id,
          p.name,
          p.description,
          p.category,
          p.street,
          p.number,
          p.neighbourhood,
          p.postalCode,
          p.lat,
          p.lng,
          JSON.stringify(p.hours.flatMap(([days, opens, closes]) => days.map((day) => ({ day, opens, closes })))),
          JSON.stringify(p.contact),
          p.accessibility,
          p.features,
          p.featured ? ADMIN : TEAM,
          p.featured ?? false,
        ],
      );
    }
    targets.push(...PLACES.map((p): DemoPictureTarget => ({ kind: "places", id: p.id, key: p.id })));
    for (const [slug, name] of TAGS) await tx.query("INSERT INTO tags (id, name, slug) VALUES ($1, $2, $1)", [slug, name]);
    for (const c of COMMUNITIES) {
      const owner = c.members.find(([, role]) => role === "owner")![0];
      await tx.query("INSERT INTO communities (id, name, description, created_by, featured) VALUES ($1, $2, $3, $4, $5)", [
        c.id,
        c.name,
        c.description,
        owner,
        c.featured ?? false,
      ]);
      targets.push({ kind: "communities", id: c.id, key: c.id });
      for (const [userId, role] of c.members) {
        await tx.query("INSERT INTO community_members (community_id, user_id, role) VALUES ($1, $2, $3)", [c.id, userId, role]);
      }
    }

    const events = createEventsRepository(tx);
    const eventIds: string[] = [];
    for (const e of EVENTS) {
      const days = typeof e.day === "number" ? e.day : weekendDay(Number(e.day.split(":")[1]), now);
      const startsAt = localAt(days, e.time, now);
      const write: EventWrite = {
        title: e.title,
        description: e.description,
        startsAt,
        endsAt: new Date(startsAt.getTime() + e.minutes * 60_000),
        allDay: false,
        timeZone: TZ,
        placeId: e.place ?? null,
        address: e.address ?? null,
        lat: e.lat ?? null,
        lng: e.lng ?? null,
        onlineUrl: e.onlineUrl ?? null,
        priceType: e.price === undefined ? "free" : "paid",
        priceAmount: e.price ?? null,
        priceNote: e.priceNote ?? null,
        capacity: e.capacity ?? null,
        accessibility: e.accessibility ?? null,
        accessibilityFeatures: e.features ?? [],
        communityId: e.community ?? null,
        status: e.status ?? "published",
        statusNote: e.statusNote ?? null,
      };
      if (e.series) {
        const pattern = { rule: e.series.rule, interval: e.series.interval ?? 1, until: null, dates: [], firstStartsAt: startsAt, timeZone: TZ };
        const last = new Date(startsAt.getTime() + (e.series.weeks - 1) * 7 * 86_400_000 + 3600_000);
        const starts = generateOccurrences(pattern, { horizon: last, max: Math.min(e.series.weeks, SERIES_MAX_OCCURRENCES) });
        const until = last.toISOString().slice(0, 10);
        const ids = await events.createSeries(
          write,
          { ...pattern, until, durationMinutes: e.minutes, materialisedUntil: starts[starts.length - 1]! },
          starts,
          e.organizer,
          e.tags,
        );
        eventIds.push(...ids);
        targets.push(...ids.map((id): DemoPictureTarget => ({ kind: "events", id, key: slugify(e.title) })));
      } else {
        const id = await events.createSingle(write, e.organizer, e.tags);
        eventIds.push(id);
        targets.push({ kind: "events", id, key: slugify(e.title) });
      }
      if (e.featured) await tx.query("UPDATE events SET featured = true WHERE id = $1", [eventIds[eventIds.length - 1]]);
    }

    for (const n of NEWS) {
      const id = randomUUID();
      targets.push({ kind: "news", id, key: slugify(n.title) });
      await tx.query(
        `INSERT INTO news (id, title, summary, body, author_id, community_id, published_at, featured)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [id, n.title, n.summary, n.body, n.author, n.community ?? null, new Date(now.getTime() - n.daysAgo * 86_400_000 - 3 * 3600_000), n.featured ?? false],
      );
    }

    // The neighbour follows a few things and has a home address, so "Eventos para ti" has
    // something to rank on the first sign-in.
    const follows: [string, string, string][] = [
      [NEIGHBOUR, "places", "parque-las-maravillas"],
      [NEIGHBOUR, "places", "biblioteca-publica-central"],
      [NEIGHBOUR, "communities", "cineclub-del-ateneo"],
      [NEIGHBOUR, "users", ORGANIZER],
      [ORGANIZER, "places", "teatro-fernando-soler"],
      [ADMIN, "communities", "fandango-norteno"],
      ...eventIds.slice(0, 6).map((id): [string, string, string] => [NEIGHBOUR, "events", id]),
      ...eventIds.slice(0, 3).map((id): [string, string, string] => [ADMIN, "events", id]),
    ];
    for (const [follower, kind, target] of follows) {
      await tx.query("INSERT INTO follows (follower_id, target_kind, target_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [follower, kind, target]);
    }
    await tx.query(
      `INSERT INTO addresses (user_id, label, street, number, neighbourhood, city, state, postal_code, lat, lng)
       VALUES ($1, 'Casa', 'Calle General Cepeda', '512', 'República Oriente', 'Saltillo', 'Coahuila', '25280', 25.4189, -100.9861)`,
      [NEIGHBOUR],
    );
    return { events: eventIds.length };
  });
  if (!seeded) return { seeded: false, events: 0, pictures: 0 };
  // After the rows exist, as an upload would be: files first, then each row linked to its own.
  const pictures = images ? await attachDemoPictures(database, images, targets) : 0;
  return { seeded: true, events: seeded.events, pictures };
}
