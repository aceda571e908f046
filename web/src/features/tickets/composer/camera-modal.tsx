import { Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TicketDialog } from '../dialogs/ticket-dialog.js';

/** A snapshot of the playing video as a JPEG file, or null when the browser gives no frame. */
const snapshot = (video: HTMLVideoElement): Promise<File | null> => {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth || 640;
  canvas.height = video.videoHeight || 480;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) =>
    canvas.toBlob(
      (blob) =>
        resolve(blob ? new File([blob], `photo-${Date.now()}.jpg`, { type: 'image/jpeg' }) : null),
      'image/jpeg',
      0.9,
    ),
  );
};

/**
 * The camera capture modal (spec 1 §2): a live preview from getUserMedia; "Take photo" hands the
 * snapshot to `onCapture` (sent as image media). A denied or missing camera says so in the dialog.
 * The camera is released when the modal closes.
 */
export const CameraModal = ({
  busy,
  onClose,
  onCapture,
}: {
  busy: boolean;
  onClose: () => void;
  onCapture: (photo: File) => void;
}) => {
  const { t } = useTranslation('tickets');
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [denied, setDenied] = useState(false);

  useEffect(() => {
    let current: MediaStream | null = null;
    let cancelled = false;
    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
        current = await navigator.mediaDevices.getUserMedia({ video: true });
        if (cancelled) current.getTracks().forEach((track) => track.stop());
        else setStream(current);
      } catch {
        if (!cancelled) setDenied(true);
      }
    };
    void start();
    return () => {
      cancelled = true;
      current?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);

  const capture = async () => {
    if (!video.current) return;
    const photo = await snapshot(video.current);
    if (photo) onCapture(photo);
  };

  return (
    <TicketDialog
      title={t('camera.title')}
      onClose={onClose}
      action={{
        label: t('camera.capture'),
        busy,
        disabled: !stream,
        onClick: () => void capture(),
      }}
    >
      {denied ? (
        <Text role="alert" color="fg.error">
          {t('camera.denied')}
        </Text>
      ) : (
        <video
          ref={video}
          autoPlay
          playsInline
          muted
          aria-label={t('camera.preview')}
          style={{ width: '100%', borderRadius: 8 }}
        />
      )}
    </TicketDialog>
  );
};
