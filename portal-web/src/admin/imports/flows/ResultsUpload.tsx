import { useState } from 'react';
import { IMPORT_FLOWS } from '../lib/flows';
import { importTexts } from '../texts';
import { EventSelect } from '../upload/EventSelect';
import { UploadForm } from '../upload/UploadForm';
import { Check } from './ParticipantsUpload';
import { HintedField } from '../../ui/HintedField';

const texts = importTexts.upload;
const flowTexts = importTexts.flows['result-sets'];

const ID_MODES = ['BIB', 'PARTICIPANT_ID', 'EXTERNAL_ID'];
const CALCULATORS = ['NONE', 'RANK_TABLE', 'WINNER_PERCENT'];

/** The result-set upload (E08): no source system; the event, how a row finds its participant, bib changes, points, the set's name. */
export function ResultsUpload() {
  const [eventId, setEventId] = useState('');
  const [idMode, setIdMode] = useState('BIB');
  const [applyNumberChanges, setApplyNumberChanges] = useState(false);
  const [pointsCalculator, setPointsCalculator] = useState('NONE');
  const [resultSetName, setResultSetName] = useState('');
  return (
    <UploadForm
      flow={IMPORT_FLOWS['result-sets']}
      title={flowTexts.title}
      intro={flowTexts.intro}
      fields={{
        eventId,
        participantIdMode: idMode,
        applyNumberChanges: String(applyNumberChanges && idMode !== 'BIB'),
        pointsCalculator,
        resultSetName,
      }}
      incomplete={eventId ? null : texts.chooseEvent}
    >
      {() => (
        <>
          <EventSelect value={eventId} onChange={setEventId} />
          <div className="field">
            <label htmlFor="id-mode">{texts.idMode}</label>
            <select id="id-mode" value={idMode} onChange={(e) => setIdMode(e.target.value)}>
              {ID_MODES.map((m) => (
                <option key={m} value={m}>
                  {texts.idModes[m]}
                </option>
              ))}
            </select>
          </div>
          <Check
            id="apply-number-changes"
            checked={applyNumberChanges && idMode !== 'BIB'}
            disabled={idMode === 'BIB'}
            onChange={setApplyNumberChanges}
            label={texts.applyNumberChanges}
          />
          <div className="field">
            <label htmlFor="points-calculator">{texts.pointsCalculator}</label>
            <select id="points-calculator" value={pointsCalculator} onChange={(e) => setPointsCalculator(e.target.value)}>
              {CALCULATORS.map((c) => (
                <option key={c} value={c}>
                  {texts.pointsCalculators[c]}
                </option>
              ))}
            </select>
          </div>
          <HintedField id="result-set-name" label={texts.resultSetName} hint={texts.resultSetNameHint}>
            {(control) => (
              <input {...control} type="text" maxLength={200} value={resultSetName} onChange={(e) => setResultSetName(e.target.value)} />
            )}
          </HintedField>
        </>
      )}
    </UploadForm>
  );
}
