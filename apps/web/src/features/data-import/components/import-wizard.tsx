import { useState } from 'react';
import { Stack, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { ImportEntity, ImportJobResource } from '@app/contracts';
import { QueryState } from '../../../components/query-state';
import { useImportJob } from '../data-import-queries';
import { type MappingProblems, MappingStep } from './mapping-step';
import { PreviewStep } from './preview-step';
import { RunStep } from './run-step';
import { UploadStep } from './upload-step';

const STEPS = ['upload', 'map', 'preview', 'run'] as const;
type Step = (typeof STEPS)[number];

interface ImportWizardProps {
  /** The job in the URL, or null before a file is uploaded. */
  jobId: string | null;
  entity: ImportEntity;
  onEntityChange: (entity: ImportEntity) => void;
  onJob: (job: ImportJobResource) => void;
  /** Back to a new upload, for the entity of the job left (if any). */
  onStartOver: (entity?: ImportEntity) => void;
}

function Steps({ active, onBackTo }: { active: Step; onBackTo: (step: Step) => void }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)');
  const index = STEPS.indexOf(active);
  // Once the import runs there is no going back: the steps before it are done with.
  const selectable = (step: number) => step < index && active !== 'run';
  return (
    <Stepper
      active={index}
      onStepClick={(step) => {
        const target = STEPS[step];
        if (target && selectable(step)) onBackTo(target);
      }}
      orientation={narrow ? 'vertical' : 'horizontal'}
      size="sm"
    >
      {STEPS.map((name, step) => (
        <Stepper.Step key={name} label={t(`data_import.steps.${name}`)} allowStepSelect={selectable(step)} />
      ))}
    </Stepper>
  );
}

/** The import wizard (spec: upload, map fields, preview, import). The job lives in the URL, so a reload or the history reopens it. */
export function ImportWizard({ jobId, entity, onEntityChange, onJob, onStartOver }: ImportWizardProps) {
  if (jobId === null) {
    return (
      <Stack gap="lg">
        <Steps active="upload" onBackTo={() => undefined} />
        <UploadStep entity={entity} onEntityChange={onEntityChange} onUploaded={onJob} />
      </Stack>
    );
  }
  return <JobWizard jobId={jobId} onStartOver={onStartOver} />;
}

function JobWizard({ jobId, onStartOver }: { jobId: string; onStartOver: (entity?: ImportEntity) => void }) {
  const { t } = useTranslation();
  const job = useImportJob(jobId);
  const [mappingStep, setMappingStep] = useState<'map' | 'preview'>('map');
  const [problems, setProblems] = useState<{ version: number; value: MappingProblems } | null>(null);
  const data = job.data;
  const step: Step = data && data.status !== 'mapping' ? 'run' : mappingStep;

  const startOver = () => onStartOver(data?.entity);
  const backTo = (target: Step) => {
    if (target === 'upload') startOver();
    else if (target === 'map') setMappingStep('map');
  };

  return (
    <Stack gap="lg">
      <Steps active={step} onBackTo={backTo} />
      <QueryState isPending={job.isPending} error={job.error} onRetry={() => void job.refetch()}>
        {data && (
          <Stack gap="md" component="section" aria-label={t(`data_import.steps.${step}`)}>
            {step === 'map' && (
              <MappingStep
                key={problems?.version ?? 0}
                job={data}
                problems={problems?.value ?? null}
                onBack={startOver}
                onSaved={() => {
                  setProblems(null);
                  setMappingStep('preview');
                }}
              />
            )}
            {step === 'preview' && (
              <PreviewStep
                job={data}
                onBack={() => setMappingStep('map')}
                onMappingRefused={(value) => {
                  setProblems((previous) => ({ version: (previous?.version ?? 0) + 1, value }));
                  setMappingStep('map');
                }}
              />
            )}
            {step === 'run' && <RunStep job={data} onAnother={startOver} />}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
