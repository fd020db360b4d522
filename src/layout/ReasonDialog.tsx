import { useMutation } from "@tanstack/react-query";
import { Alert, Input, Modal, Typography } from "antd";
import { useState } from "react";

/**
 * A refusal that must say why: the reason (at least 3 characters) is sent with `onSubmit`, and
 * the dialog closes once it is accepted, or shows why it was not.
 */
export function ReasonDialog({
  open,
  title,
  help,
  okText,
  reasonLabel,
  testId,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  help?: string;
  okText: string;
  reasonLabel: string;
  testId: string;
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  const send = useMutation({
    mutationFn: () => onSubmit(reason.trim()),
    onSuccess: () => {
      setReason("");
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger: true, disabled: reason.trim().length < 3, loading: send.isPending, ...{ "data-testid": `${testId}-confirm` } }}
      onOk={() => send.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      {help && <Typography.Paragraph>{help}</Typography.Paragraph>}
      <Input.TextArea aria-label={reasonLabel} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={300} rows={3} data-testid={`${testId}-reason`} />
      {send.isError && <Alert type="error" showIcon role="alert" message={send.error.message} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
