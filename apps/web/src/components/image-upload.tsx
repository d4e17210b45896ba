import { type ReactNode, useState } from 'react';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { AVATAR_MAX_BYTES } from '@app/contracts';
import { mapServerErrors } from '../lib/form-errors';
import { notifySuccess } from '../lib/notify';

/** The image types the API stores (avatars and business logos alike). */
export const ACCEPTED_IMAGE_TYPES = ['image/gif', 'image/jpeg', 'image/png'] as const;
export const ACCEPTED_IMAGES = ACCEPTED_IMAGE_TYPES.join(',');

function isAcceptedType(type: string): boolean {
  return ACCEPTED_IMAGE_TYPES.some((accepted) => accepted === type);
}

interface ImageUploadProps {
  /** The image as it is now (or a placeholder), beside the button. */
  preview: ReactNode;
  /** The request's file field, whose 422 message shows under the button. */
  field: string;
  upload: (file: File) => Promise<void>;
  uploading: boolean;
  buttonLabel: string;
  help: string;
  messages: { invalidType: string; tooLarge: string; uploaded: string };
}

/**
 * An image uploaded on its own as soon as it is picked (not part of a form's submit): a wrong type
 * or a file over the API's limit is refused before sending.
 */
export function ImageUpload({ preview, field, upload, uploading, buttonLabel, help, messages }: ImageUploadProps) {
  const [error, setError] = useState<string | null>(null);

  const onFile = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (!isAcceptedType(file.type)) {
      setError(messages.invalidType);
      return;
    }
    // The API takes every image up to the avatar limit.
    if (file.size > AVATAR_MAX_BYTES) {
      setError(messages.tooLarge);
      return;
    }
    try {
      await upload(file);
      notifySuccess(messages.uploaded);
    } catch (err) {
      mapServerErrors(err, (name, message) => {
        if (name !== field) return false;
        setError(message);
        return true;
      });
    }
  };

  return (
    <Group align="center" gap="lg">
      {preview}
      <Stack gap={4}>
        <FileButton onChange={(file) => void onFile(file)} accept={ACCEPTED_IMAGES}>
          {(props) => (
            <Button {...props} variant="default" loading={uploading}>
              {buttonLabel}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {help}
        </Text>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
