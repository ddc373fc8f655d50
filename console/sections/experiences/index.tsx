import type { SectionProps } from '../../shell/types';
import { ExperienceEditor } from './editor';
import { ExperienceList } from './list';
import './experiences.css';

/** Experiences: the list by type with counts, and an editor per type (/app/experiences/<id>). */
export default function ExperiencesSection({ session, path, navigate }: SectionProps) {
  return (
    <>
      <h1>Experiences</h1>
      {!session.permissions.includes('experiences.manage') ? (
        <p>Your role does not manage experiences (it needs experiences.manage).</p>
      ) : path[0] ? (
        <ExperienceEditor key={path[0]} session={session} id={path[0]} />
      ) : (
        <ExperienceList session={session} navigate={navigate} />
      )}
    </>
  );
}
