import { useQuery } from '@tanstack/react-query';
import { useFormikContext } from 'formik';
import { useEffect } from 'react';
import {
  useCampaigns,
  usePipelines,
  useSources,
  useStages,
  userProfileQueryOptions,
  useUsers,
} from '@crm-panel/api-client';
import { type CustomFieldDefinition } from '@crm-panel/crm-model';
import { InlineError } from '@crm-panel/ui';
import {
  FormikFormActions,
  FormikFormLayout,
  FormikSingleSelect,
  FormikTextField,
  FormSection,
  FormWide,
} from '@crm-panel/ui/form-kit';
import { nameOf, readOptions, userOptions } from '@deal/features/shared/options';
import { type DealCreateValues } from '../dealCreateSchema';
import { CustomFieldInput } from './CustomFieldInput';
import { OrganizationField } from './OrganizationField';
import { RatingField } from './RatingField';

export interface DealCreateFieldsProps {
  /** The deal's custom fields, in display order. */
  definitions: CustomFieldDefinition[];
  customFieldsFailed: boolean;
  onRetryCustomFields: () => void;
  /** The deal exists: the form only waits to close. */
  created: boolean;
  onCancel: () => void;
}

/** The fields of /deal-create-modal; the required ones first, as PRODUCT.md §5 lists them. */
export function DealCreateFields({
  definitions,
  customFieldsFailed,
  onRetryCustomFields,
  created,
  onCancel,
}: DealCreateFieldsProps) {
  const { values, touched, setFieldValue } = useFormikContext<DealCreateValues>();
  const pipelines = usePipelines();
  const stages = useStages(values.pipelineId || null);
  const users = useUsers();
  const sources = useSources();
  const campaigns = useCampaigns();
  const profile = useQuery(userProfileQueryOptions());

  // The person creating the deal is its most likely owner: start with them, never override (a
  // removed owner stays removed: the field is touched).
  const profileId = profile.data?.id;
  const profileIsUser = Boolean(profileId && users.data?.some((user) => user.id === profileId));
  useEffect(() => {
    if (profileId && profileIsUser && !values.ownerId && !touched.ownerId) {
      void setFieldValue('ownerId', profileId, false);
    }
  }, [profileId, profileIsUser, values.ownerId, touched.ownerId, setFieldValue]);

  const failedLists = [pipelines, users, sources, campaigns].filter((list) => list.isError);

  return (
    <FormikFormLayout aria-label="Criar Negociação">
      {failedLists.length > 0 ? (
        <InlineError
          message="Erro ao carregar dados do formulário. Tente novamente."
          onRetry={() => failedLists.forEach((list) => void list.refetch())}
        />
      ) : null}
      <FormSection legend="Dados principais" disabled={created}>
        <FormWide>
          <FormikTextField
            name="name"
            label="Nome da negociação"
            required
            autoComplete="off"
            maxLength={255}
          />
        </FormWide>
        <FormikSingleSelect
          name="pipelineId"
          label="Funil de vendas"
          placeholder="Selecione um funil"
          required
          {...readOptions(pipelines)}
          disabled={created}
          onValueChange={(value) => {
            // A stage belongs to its pipeline: a new pipeline starts without one.
            if (value !== values.pipelineId) void setFieldValue('stageId', '', false);
          }}
        />
        <FormikSingleSelect
          name="stageId"
          label="Etapa do funil"
          placeholder="Selecione uma etapa"
          required
          {...readOptions(stages)}
          disabled={!values.pipelineId || created}
          helperText={values.pipelineId ? undefined : 'Escolha o funil de vendas primeiro.'}
          loading={Boolean(values.pipelineId) && stages.isPending}
        />
        <FormikSingleSelect
          name="ownerId"
          label="Responsável"
          placeholder="Selecione um responsável"
          required
          searchable
          // The owner starts as the signed-in user, a guess the attendant may undo; then
          // 'Responsável é obrigatório' asks for someone before the deal is created.
          allowRemove
          {...readOptions(users, userOptions)}
          selectedLabel={nameOf(users.data, values.ownerId)}
          disabled={created}
        />
      </FormSection>

      <FormSection legend="Detalhes" disabled={created}>
        <OrganizationField />
        <RatingField name="rating" />
        <FormikSingleSelect
          name="sourceId"
          label="Fonte"
          placeholder="Selecione uma fonte"
          searchable
          allowRemove
          {...readOptions(sources)}
          disabled={created}
        />
        <FormikSingleSelect
          name="campaignId"
          label="Campanha"
          placeholder="Selecione uma campanha"
          searchable
          allowRemove
          {...readOptions(campaigns)}
          disabled={created}
        />
      </FormSection>

      {customFieldsFailed ? (
        <InlineError
          message="Erro ao carregar campos personalizados. Tente novamente."
          onRetry={onRetryCustomFields}
        />
      ) : null}
      {definitions.length > 0 ? (
        <FormSection legend="Campos personalizados" disabled={created}>
          {definitions.map((definition) => (
            <CustomFieldInput key={definition.slug} definition={definition} />
          ))}
        </FormSection>
      ) : null}

      <FormikFormActions
        submitLabel="Criar Negociação"
        submitIcon="plus"
        onCancel={onCancel}
        done={created}
      />
    </FormikFormLayout>
  );
}
