"""Stage 2 with TRL: DPO from the SFT checkpoint on EXPORT/trl/dpo_train.jsonl (conversational
`prompt` / `chosen` / `rejected`).

Cannot run here (no GPU, no weights); tests check that it compiles and that the files and keys
it reads exist in an akgen data export.
usage: accelerate launch recipes/trl/dpo.py --export EXPORT --model SFT_OUT --out OUT
"""
import argparse
import os


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--export", required=True, help="akgen data export --format all --out EXPORT")
    parser.add_argument("--model", default="saves/kernelgen-sft-trl")
    parser.add_argument("--out", default="saves/kernelgen-dpo-trl")
    args = parser.parse_args()

    from datasets import load_dataset
    from transformers import AutoModelForCausalLM, AutoTokenizer
    from trl import DPOConfig, DPOTrainer

    files = {"train": os.path.join(args.export, "trl/dpo_train.jsonl"),
             "validation": os.path.join(args.export, "trl/dpo_validation.jsonl")}
    data = load_dataset("json", data_files=files)
    model = AutoModelForCausalLM.from_pretrained(args.model, torch_dtype="bfloat16")
    tokenizer = AutoTokenizer.from_pretrained(args.model)
    config = DPOConfig(output_dir=args.out, beta=0.1, max_length=16384, num_train_epochs=1, learning_rate=5e-7,
                       per_device_train_batch_size=1, gradient_accumulation_steps=8, bf16=True,
                       lr_scheduler_type="cosine", warmup_ratio=0.1, eval_strategy="steps", eval_steps=500,
                       save_steps=500, logging_steps=10)
    trainer = DPOTrainer(model=model, args=config, train_dataset=data["train"], eval_dataset=data["validation"],
                         processing_class=tokenizer)
    trainer.train()
    trainer.save_model(args.out)


if __name__ == "__main__":
    main()
