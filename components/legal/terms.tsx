import { brand } from "@/lib/config";
import styles from "./legal.module.css";

export function TermsAndConditions() {
  return (
    <article className={styles.prose}>
      <p>Última actualización: noviembre de 2025.</p>
      <p>
        Al usar {brand.name} aceptas estos términos. Si no estás de acuerdo con ellos, por favor no uses la
        plataforma.
      </p>
      <h2>El servicio</h2>
      <p>
        {brand.name} es una plataforma comunitaria para conocer y compartir eventos, lugares, noticias y comunidades de
        la ciudad. Puede cambiar, interrumpirse o mejorar sin previo aviso.
      </p>
      <h2>Tu cuenta</h2>
      <ul>
        <li>Eres responsable de la información que registras y de mantener segura tu contraseña.</li>
        <li>Debes proporcionar datos verdaderos; la verificación de cuentas puede requerir información adicional.</li>
        <li>Puedes borrar tu cuenta en cualquier momento desde tu perfil.</li>
      </ul>
      <h2>Contenido que publicas</h2>
      <ul>
        <li>Solo publica contenido propio o que tengas derecho a compartir.</li>
        <li>No se permite contenido ilegal, engañoso, discriminatorio, violento ni spam.</li>
        <li>
          Nos otorgas permiso para mostrar tu contenido dentro de la plataforma; sigues siendo su titular.
        </li>
      </ul>
      <h2>Moderación</h2>
      <p>
        Los administradores pueden ocultar contenido o suspender cuentas que incumplan estos términos. Una suspensión
        indica su motivo y su fecha de término.
      </p>
      <h2>Responsabilidad</h2>
      <p>
        La información de eventos y lugares la publican sus organizadores; confirma horarios y condiciones con ellos.
        {` ${brand.name}`} no se hace responsable de cambios o cancelaciones.
      </p>
      <h2>Legislación aplicable</h2>
      <p>Estos términos se rigen por las leyes de los Estados Unidos Mexicanos.</p>
    </article>
  );
}
