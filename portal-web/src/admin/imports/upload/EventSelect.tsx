import { useQuery } from '@apollo/client/react';
import { graphql } from '../../graphql/generated';
import { importTexts } from '../texts';

const texts = importTexts.upload;

const OPERATOR_EVENTS = graphql(`
  query ImportOperatorEvents {
    operatorEvents {
      id
      name
      startsOn
    }
  }
`);

/** The event a participant list or result file goes into: one of the operator's organisations' events. */
export function EventSelect({ value, onChange }: { value: string; onChange: (eventId: string) => void }) {
  const { data } = useQuery(OPERATOR_EVENTS, { fetchPolicy: 'network-only' });
  const events = data?.operatorEvents;
  return (
    <div className="field">
      <label htmlFor="import-event">{texts.event}</label>
      <select id="import-event" value={value} onChange={(e) => onChange(e.target.value)} disabled={!events}>
        <option value="">{texts.chooseEvent}</option>
        {events?.map((e) => (
          <option key={e.id} value={e.id}>
            {e.name}
            {e.startsOn ? ` (${e.startsOn})` : ''}
          </option>
        ))}
      </select>
      {events && events.length === 0 && <p className="hint">{texts.noEvents}</p>}
    </div>
  );
}
