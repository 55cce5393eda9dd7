import { brand } from "@/lib/config";
import styles from "./legal.module.css";

export function PrivacyPolicy() {
  return (
    <article className={styles.prose}>
      <p>Última actualización: noviembre de 2025.</p>
      <p>
        En {brand.name} cuidamos tus datos personales. Este aviso explica qué información recabamos, para qué la usamos y
        qué derechos tienes, conforme a la Ley Federal de Protección de Datos Personales en Posesión de los
        Particulares.
      </p>
      <h2>Datos que recabamos</h2>
      <ul>
        <li>Datos de tu cuenta: nombre, correo electrónico y, si lo eliges, tu foto de perfil y de portada.</li>
        <li>Lo que publicas: eventos, lugares, noticias, comunidades y direcciones que registras.</li>
        <li>Tu actividad en la plataforma: a quién y qué sigues, y las notificaciones que recibes.</li>
        <li>Datos técnicos mínimos para mantener tu sesión y el funcionamiento sin conexión.</li>
      </ul>
      <h2>Para qué los usamos</h2>
      <ul>
        <li>Crear y administrar tu cuenta e iniciar sesión de forma segura.</li>
        <li>Mostrarte la agenda de la ciudad y avisarte de lo que sigues.</li>
        <li>Verificar cuentas y moderar contenido para mantener una comunidad segura.</li>
      </ul>
      <p>No vendemos tus datos ni los compartimos con fines publicitarios.</p>
      <h2>Con quién los compartimos</h2>
      <p>
        Solo con los proveedores que nos ayudan a operar el servicio, como el servicio de autenticación y el
        alojamiento de la plataforma, bajo obligaciones de confidencialidad, o cuando una autoridad competente lo
        requiera conforme a la ley.
      </p>
      <h2>Almacenamiento en tu dispositivo</h2>
      <p>
        Para que la aplicación funcione sin conexión guardamos una copia de la información consultada en tu navegador.
        Al cerrar sesión esa copia se borra.
      </p>
      <h2>Tus derechos</h2>
      <p>
        Puedes acceder, rectificar, cancelar u oponerte al uso de tus datos (derechos ARCO), así como borrar tu cuenta
        desde tu perfil. Para cualquier solicitud escríbenos a privacidad@plaza.mx.
      </p>
      <h2>Cambios a este aviso</h2>
      <p>Si este aviso cambia, lo publicaremos en esta página indicando la fecha de actualización.</p>
    </article>
  );
}
